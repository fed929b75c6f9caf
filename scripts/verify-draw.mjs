#!/usr/bin/env node
/**
 * Recomputes a Prizewheel draw record (protocol prizewheel-draw-v1, docs/draw-protocol.md) from
 * nothing but the record: the commitment, the frozen entry list and every pick.
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

const VERSION = 'prizewheel-draw-v1';
const TWO_TO_256 = 1n << 256n;

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');
const isHex = (value, length) =>
  typeof value === 'string' && value.length === length && /^[0-9a-f]+$/.test(value);

/** Pick p: the first HMAC below the largest multiple of n under 2^256, reduced modulo n. */
export function computePick({ seedHex, contestId, root, beaconRandomness, p, remaining }) {
  const key = Buffer.from(seedHex, 'hex');
  const n = BigInt(remaining);
  const limit = TWO_TO_256 - (TWO_TO_256 % n);
  for (let c = 0; ; c += 1) {
    const message = `${VERSION}:${contestId}:${root}:${beaconRandomness ?? ''}:${p}:${c}`;
    const x = BigInt(`0x${createHmac('sha256', key).update(message, 'utf8').digest('hex')}`);
    if (x < limit) return { index: Number(x % n), attempts: c + 1 };
  }
}

/** Every check of the record, in order: `{ ok, text }`. */
export function verifyRecord(record, { entryId } = {}) {
  const checks = [];
  const check = (ok, text) => checks.push({ ok: Boolean(ok), text });

  check(record.version === VERSION, `protocol is ${VERSION}`);
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
    'every leaf is a SHA-256 of an entry id',
  );
  check(sha256Hex(leaves.join('')) === entries?.root, 'the root is the hash of the leaves');
  if (record.beacon) {
    check(
      sha256Hex(Buffer.from(record.beacon.signature, 'hex')) === record.beacon.randomness,
      `the beacon's randomness (round ${record.beacon.round}) is the hash of its signature`,
    );
  }
  if (entryId) {
    const leaf = sha256Hex(entryId.toLowerCase());
    const at = leaves.indexOf(leaf);
    check(at >= 0, `entry ${entryId} is in the draw: leaf ${at + 1} of ${leaves.length} (${leaf})`);
  }

  const remaining = [...leaves];
  const picks = [...record.picks].sort((a, b) => a.p - b.p);
  picks.forEach((pick, i) => {
    check(pick.p === i + 1, `pick ${pick.p} follows pick ${i}`);
    const leaf = sha256Hex(pick.entryId);
    if (pick.method === 'random') {
      const expected = computePick({
        seedHex: record.seed,
        contestId: record.contestId,
        root: entries.root,
        beaconRandomness: record.beacon?.randomness ?? null,
        p: pick.p,
        remaining: remaining.length,
      });
      check(
        expected.index === pick.index &&
          expected.attempts === pick.attempts &&
          remaining[expected.index] === leaf,
        `pick ${pick.p} (${pick.displayName}) is entry ${expected.index} of the ${remaining.length} left`,
      );
    } else {
      check(
        pick.method === 'manual' && pick.attempts === 0 && remaining.indexOf(leaf) === pick.index,
        `pick ${pick.p} (${pick.displayName}) was chosen by hand`,
      );
    }
    const at = remaining.indexOf(leaf);
    if (at >= 0) remaining.splice(at, 1);
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
