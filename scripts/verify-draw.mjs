#!/usr/bin/env node
/**
 * Recomputes a Prizewheel draw record (protocol prizewheel-draw-v1, or v2 weighted by bonus
 * entries: docs/draw-protocol.md) from nothing but the record: the commitment, the frozen entry
 * list and every pick.
 *
 *   npm run verify -- https://example.com/api/contests/<id>/draw-record
 *   npm run verify -- record.json [--entry <your entry id>]
 *
 * Standalone on purpose: Node's own crypto, no code of the server, short enough to read.
 * Exit status: 0 when every check holds, 1 when one fails, 2 when the record cannot be read.
 */
import { createHash, createHmac } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const V1 = 'prizewheel-draw-v1';
const V2 = 'prizewheel-draw-v2';
const TWO_TO_256 = 1n << 256n;

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');
const isHex = (value, length) =>
  typeof value === 'string' && value.length === length && /^[0-9a-f]+$/.test(value);

/** For pick p: the first HMAC below the largest multiple of n under 2^256, reduced modulo n. */
function drawBelow(version, { seedHex, contestId, root, beaconRandomness, p }, n) {
  const key = Buffer.from(seedHex, 'hex');
  const bound = BigInt(n);
  const limit = TWO_TO_256 - (TWO_TO_256 % bound);
  for (let c = 0; ; c += 1) {
    const message = `${version}:${contestId}:${root}:${beaconRandomness ?? ''}:${p}:${c}`;
    const x = BigInt(`0x${createHmac('sha256', key).update(message, 'utf8').digest('hex')}`);
    if (x < limit) return { value: Number(x % bound), attempts: c + 1 };
  }
}

/** v1: entry x mod n of the n left. */
export function computePick(input) {
  const { value, attempts } = drawBelow(V1, input, input.remaining);
  return { index: value, attempts };
}

/** v2: t = x mod W, the weights' total; the first entry left whose running total exceeds t. */
export function computeWeightedPick(input) {
  const total = input.weights.reduce((sum, weight) => sum + weight, 0);
  const { value: t, attempts } = drawBelow(V2, input, total);
  let runningTotal = 0;
  return { index: input.weights.findIndex((w) => (runningTotal += w) > t), attempts };
}

/** v1's leaf hashes the entry id; v2's the id and the weight at the leaf's own position. */
function findLeaf(entryId, leaves, weights) {
  if (!weights) return leaves.indexOf(sha256Hex(entryId));
  const leafAtWeight = new Map();
  return leaves.findIndex((leaf, k) => {
    if (!leafAtWeight.has(weights[k])) {
      leafAtWeight.set(weights[k], sha256Hex(`${entryId}:${weights[k]}`));
    }
    return leaf === leafAtWeight.get(weights[k]);
  });
}

/** v2's weights: one per leaf, each a whole number from 1, their total exact as a Number. */
function areWeights(weights, count) {
  return (
    Array.isArray(weights) &&
    weights.length === count &&
    weights.every((weight) => Number.isSafeInteger(weight) && weight >= 1) &&
    Number.isSafeInteger(weights.reduce((sum, weight) => sum + weight, 0))
  );
}

/** Every check of the record, in order: `{ ok, text }`. */
export function verifyRecord(record, { entryId } = {}) {
  const checks = [];
  const check = (ok, text) => checks.push({ ok: Boolean(ok), text });

  const isV2 = record.version === V2;
  const isKnown = record.version === V1 || isV2;
  check(
    isKnown,
    isKnown
      ? `protocol is ${record.version}`
      : `protocol is ${V1} or ${V2}, not ${JSON.stringify(record.version)}`,
  );
  check(!JSON.stringify(record).includes('@'), 'the record holds no e-mail address');
  if (record.seedHash === null) {
    check(record.picks.length === 0, 'no commitment yet, and no picks');
    return checks;
  }
  check(isHex(record.seedHash, 64), 'the commitment (seedHash) is a SHA-256');
  if (record.seed === null) {
    check(record.picks.length === 0, 'not drawn yet: the seed stays secret and there are no picks');
    return checks;
  }
  check(isHex(record.seed, 64), 'the revealed seed is 32 bytes');
  check(
    sha256Hex(Buffer.from(record.seed, 'hex')) === record.seedHash,
    'SHA-256(seed) equals the commitment published before the draw',
  );

  const { entries } = record;
  const leaves = entries?.leaves ?? [];
  check(entries && leaves.length === entries.count, `the frozen list has ${leaves.length} entries`);
  check(
    leaves.every((leaf) => isHex(leaf, 64)),
    `every leaf is a SHA-256 of an entry id${isV2 ? ' and its weight' : ''}`,
  );
  const weights = isV2 ? entries?.weights : null;
  const weightsHold = !isV2 || areWeights(weights, leaves.length);
  if (isV2) check(weightsHold, 'every leaf has its weight, a whole number of at least 1');
  else if (entries?.weights !== undefined) check(false, `a ${V1} record carries no weights`);
  check(sha256Hex(leaves.join('')) === entries?.root, 'the root is the hash of the leaves');
  if (record.beacon) {
    check(
      sha256Hex(Buffer.from(record.beacon.signature, 'hex')) === record.beacon.randomness,
      `the beacon's randomness (round ${record.beacon.round}) is the hash of its signature`,
    );
  }
  // Without valid weights a v2 pick cannot be replayed.
  if (!weightsHold) return checks;
  if (entryId) {
    const at = findLeaf(entryId.toLowerCase(), leaves, weights);
    const weight = weights ? `, weight ${weights[at]}` : '';
    check(
      at >= 0,
      at >= 0
        ? `entry ${entryId} is in the draw: leaf ${at + 1} of ${leaves.length} (${leaves[at]}${weight})`
        : `entry ${entryId} is in the draw: none of the ${leaves.length} leaves is its hash`,
    );
  }

  const remaining = [...leaves];
  const remainingWeights = weights && [...weights];
  const picks = [...record.picks].sort((a, b) => a.p - b.p);
  picks.forEach((pick, i) => {
    check(pick.p === i + 1, `pick ${pick.p} follows pick ${i}`);
    const at = findLeaf(pick.entryId, remaining, remainingWeights);
    if (pick.method === 'random') {
      const input = {
        seedHex: record.seed,
        contestId: record.contestId,
        root: entries.root,
        beaconRandomness: record.beacon?.randomness ?? null,
        p: pick.p,
      };
      const expected = remainingWeights
        ? computeWeightedPick({ ...input, weights: remainingWeights })
        : computePick({ ...input, remaining: remaining.length });
      check(
        expected.index === pick.index && expected.attempts === pick.attempts && at === pick.index,
        `pick ${pick.p} (${pick.displayName}) is entry ${expected.index} of the ${remaining.length} left`,
      );
    } else {
      check(
        pick.method === 'manual' && pick.attempts === 0 && at === pick.index,
        `pick ${pick.p} (${pick.displayName}) was chosen by hand`,
      );
    }
    if (at >= 0) {
      remaining.splice(at, 1);
      remainingWeights?.splice(at, 1);
    }
  });

  // Places: in time order, each pick takes the first empty place; a disqualification empties it.
  const events = picks.flatMap((pick) => [
    { at: Date.parse(pick.drawnAt), order: 1, pick },
    ...(pick.status === 'disqualified'
      ? [{ at: Date.parse(pick.disqualifiedAt), order: 0, pick, disqualifies: true }]
      : []),
  ]);
  events.sort((a, b) => a.at - b.at || a.order - b.order || a.pick.p - b.pick.p);
  const holders = new Map();
  for (const { pick, disqualifies } of events) {
    if (disqualifies) {
      check(pick.reason, `pick ${pick.p} was disqualified: ${pick.reason}`);
      holders.delete(pick.position);
      continue;
    }
    const firstEmpty = Array.from({ length: record.winnersCount }, (_, k) => k + 1).find(
      (position) => !holders.has(position),
    );
    check(
      pick.position === firstEmpty,
      `pick ${pick.p} took place ${pick.position}, the first empty one`,
    );
    holders.set(pick.position, pick);
  }
  return checks;
}

async function readRecord(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(source, 'utf8'));
}

async function main(args) {
  const entryFlag = args.indexOf('--entry');
  const entryId = entryFlag >= 0 ? args[entryFlag + 1] : undefined;
  const source = args.find(
    (arg, i) => !arg.startsWith('--') && (entryFlag < 0 || i !== entryFlag + 1),
  );
  if (!source) {
    console.error('Usage: npm run verify -- <draw record URL or JSON file> [--entry <entry id>]');
    return 2;
  }
  let record;
  try {
    record = await readRecord(source);
  } catch (error) {
    console.error(`Cannot read the record: ${error.message}`);
    return 2;
  }
  let checks;
  try {
    checks = verifyRecord(record, { entryId });
  } catch (error) {
    console.error(`The record is malformed: ${error.message}`);
    return 1;
  }
  for (const { ok, text } of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  const failed = checks.filter((item) => !item.ok).length;
  console.log(failed ? `${failed} check(s) failed.` : `All ${checks.length} checks hold.`);
  return failed ? 1 : 0;
}

// Run as a command (not imported): compared as URLs, so spaces, symlinks and Windows paths match.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
