import type { DrawRecord, DrawRecordPick } from '#shared/contracts/draws.ts';
import {
  commitToSeed,
  computePick,
  computeWeightedPick,
  DRAW_PROTOCOL_V1,
  DRAW_PROTOCOL_V2,
  findWeightsProblem,
  hashLeaves,
  hashWeightedEntries,
  webCryptoHashes,
  type DrawHashes,
} from '#shared/draw-protocol.ts';
import { formatCount } from '#web/lib/format-count.ts';
import { countOf } from './format.ts';

/**
 * The browser's verifier of a draw record (docs/draw-protocol.md#5-reveal), of either protocol
 * version: the same checks as `npm run verify` (scripts/verify-draw.mjs), with WebCrypto, in
 * steps that give the page back its main thread so a 100,000-entry record keeps the screen
 * responsive.
 */

export type CheckKind =
  | 'readable'
  | 'version'
  | 'no-email'
  | 'not-committed'
  | 'commitment-format'
  | 'not-drawn'
  | 'seed-format'
  | 'seed-hash'
  | 'leaf-count'
  | 'leaf-format'
  | 'weights'
  | 'root'
  | 'beacon'
  | 'pick-numbers'
  | 'pick'
  | 'places';

export type CheckResult = {
  kind: CheckKind;
  ok: boolean;
  /** One sentence saying what matched, or what did not. */
  text: string;
  /** A value worth showing beside it (an entry id), in monospace. */
  detail?: string;
};

export type VerifyProgress = { label: string; fraction: number };

type VerifyOptions = {
  hashes?: DrawHashes;
  onProgress?: (progress: VerifyProgress) => void;
  /** Gives the page its thread back; by default a macrotask once ~30 ms of work have passed. */
  pause?: () => Promise<void>;
};

const isHex = (value: unknown, length: number): value is string =>
  typeof value === 'string' && value.length === length && /^[0-9a-f]+$/.test(value);
const utf8 = new TextEncoder();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** hex(SHA-256(utf8(entryId))): an entry's leaf in a v1 frozen list. */
export function leafOf(entryId: string, hashes: DrawHashes = webCryptoHashes): Promise<string> {
  return hashes.sha256Hex(utf8.encode(entryId));
}

/**
 * Where the entry's leaf is in `leaves`, or -1. A v2 leaf hashes the id with the weight at its
 * own position, so the id is hashed once per weight the list holds (few: bonus entries are
 * small numbers) and each leaf compared with the hash for its weight.
 */
async function locateEntry(
  entryId: string,
  leaves: readonly string[],
  weights: readonly number[] | null,
  hashes: DrawHashes,
): Promise<number> {
  if (!weights) return leaves.indexOf(await leafOf(entryId, hashes));
  // A malformed weight (the verifier reports it) has no leaf to look for.
  const distinct = [...new Set(weights)].filter((weight) => !findWeightsProblem([weight]));
  const candidates = await hashWeightedEntries(
    hashes,
    distinct.map(() => entryId),
    distinct,
  );
  const leafAtWeight = new Map(distinct.map((weight, i) => [weight, candidates[i]]));
  return leaves.findIndex((leaf, k) => leaf === leafAtWeight.get(weights[k]!));
}

/** An entry id as the API shows it: a UUID, in lowercase. Null when the text is not one. */
export function normalizeEntryId(text: string): string | null {
  const id = text.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/** Gives the page its thread back once ~30 ms of work have passed since it last had it. */
function timeSlicer(): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < 30) return;
    // A timer, not scheduler.yield(): in Chromium its continuations ran ahead of React's render,
    // and the page showed no progress until the end.
    await new Promise((resolve) => setTimeout(resolve, 0));
    last = Date.now();
  };
}

const LEAF_SLICE = 5000;

/** The leaves in slices, yielding between them: the first that is not a hash, and any "@". */
async function scanLeaves(
  leaves: unknown[],
  pause: () => Promise<void>,
  progress: (label: string, fraction: number) => void,
) {
  let firstBad = -1;
  let hasAt = false;
  for (let start = 0; start < leaves.length; start += LEAF_SLICE) {
    progress(
      `Reading ${formatCount(leaves.length)} leaves (${formatCount(start)} done)`,
      (0.15 * start) / leaves.length,
    );
    await pause();
    const end = Math.min(start + LEAF_SLICE, leaves.length);
    for (let i = start; i < end; i += 1) {
      if (isHex(leaves[i], 64)) continue;
      if (firstBad < 0) firstBad = i;
      if (JSON.stringify(leaves[i] ?? null).includes('@')) hasAt = true;
    }
  }
  return { firstBad, hasAt };
}

/** Every check of the record, in order; a record that cannot be read fails "readable". */
export async function verifyRecord(
  record: DrawRecord,
  options: VerifyOptions = {},
): Promise<CheckResult[]> {
  const checks: CheckResult[] = [];
  try {
    await runChecks(record, checks, options);
  } catch (error) {
    checks.push({
      kind: 'readable',
      ok: false,
      text: `The record could not be read to the end: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return checks;
}

async function runChecks(record: DrawRecord, checks: CheckResult[], options: VerifyOptions) {
  const hashes = options.hashes ?? webCryptoHashes;
  const pause = options.pause ?? timeSlicer();
  const progress = (label: string, fraction: number) => options.onProgress?.({ label, fraction });
  const check = (kind: CheckKind, ok: unknown, text: string, detail?: string) =>
    checks.push({ kind, ok: Boolean(ok), text, ...(detail ? { detail } : {}) });

  const { entries } = record;
  const leaves: unknown[] = Array.isArray(entries?.leaves) ? entries.leaves : [];
  const leafScan = await scanLeaves(leaves, pause, progress);

  const isV2 = record.version === DRAW_PROTOCOL_V2;
  const isKnown = record.version === DRAW_PROTOCOL_V1 || isV2;
  check(
    'version',
    isKnown,
    isKnown
      ? `The record follows protocol ${record.version}`
      : `The record's protocol is "${String(record.version)}", not ${DRAW_PROTOCOL_V1} or ${DRAW_PROTOCOL_V2}`,
  );
  // The leaves were searched in slices above; the rest of the record is small.
  const rest = entries ? { ...record, entries: { ...entries, leaves: [] } } : record;
  const hasAt = leafScan.hasAt || JSON.stringify(rest).includes('@');
  check(
    'no-email',
    !hasAt,
    hasAt
      ? 'The record contains an "@": it may hold an e-mail address'
      : 'No e-mail address in the record',
  );
  const picks = [...record.picks].sort((a, b) => a.p - b.p);

  if (record.seedHash === null) {
    check(
      'not-committed',
      picks.length === 0,
      picks.length === 0
        ? 'No commitment yet, and no picks'
        : 'The record has picks but no commitment',
    );
    return;
  }
  check(
    'commitment-format',
    isHex(record.seedHash, 64),
    isHex(record.seedHash, 64)
      ? 'The commitment is a SHA-256 hash'
      : 'The commitment is not a SHA-256 hash (64 lowercase hex characters)',
  );
  if (record.seed === null) {
    check(
      'not-drawn',
      picks.length === 0,
      picks.length === 0
        ? 'Not drawn yet: the seed stays secret and there are no picks'
        : 'The record has picks but keeps its seed secret',
    );
    return;
  }
  const seedIsHex = isHex(record.seed, 64);
  check(
    'seed-format',
    seedIsHex,
    seedIsHex ? 'The revealed seed is 32 bytes' : 'The revealed seed is not 32 bytes of hex',
  );
  const seedHash = seedIsHex ? await commitToSeed(hashes, record.seed) : null;
  check(
    'seed-hash',
    seedHash === record.seedHash,
    seedHash === record.seedHash
      ? 'SHA-256(seed) equals the commitment'
      : 'SHA-256(seed) does not equal the commitment',
  );

  const count = entries?.count;
  check(
    'leaf-count',
    entries && leaves.length === count,
    !entries
      ? 'The record has a seed but no frozen entry list'
      : leaves.length === count
        ? `The list holds ${countOf(leaves.length, 'leaf', 'leaves')}, as the record says`
        : `The list holds ${countOf(leaves.length, 'leaf', 'leaves')}, but the record says ${formatCount(Number(count))}`,
  );

  const badLeaf = leafScan.firstBad;
  check(
    'leaf-format',
    badLeaf < 0,
    badLeaf < 0
      ? 'Every leaf is a SHA-256 hash'
      : `Leaf ${formatCount(badLeaf + 1)} is not a SHA-256 hash`,
  );

  const weights = isV2 ? (entries?.weights ?? null) : null;
  const weightsProblem = isV2 ? describeWeightsProblem(weights, leaves.length) : null;
  if (isV2) {
    check(
      'weights',
      !weightsProblem,
      weightsProblem ??
        `Every leaf has its weight, a whole number of at least 1 (${formatCount(sumWeights(weights!))} in all)`,
    );
  } else if (entries?.weights !== undefined) {
    check('weights', false, `A ${DRAW_PROTOCOL_V1} record carries no weights`);
  }

  progress(`Hashing ${countOf(leaves.length, 'leaf', 'leaves')} to the root`, 0.2);
  await pause();
  const root = badLeaf < 0 ? await hashLeaves(hashes, leaves as string[]) : null;
  const rootMatches = Boolean(entries) && root === entries?.root;
  check(
    'root',
    rootMatches,
    rootMatches
      ? `${countOf(leaves.length, 'leaf hashes', 'leaves hash')} to the root`
      : `The ${countOf(leaves.length, 'leaf does', 'leaves do')} not hash to the root`,
  );

  if (record.beacon) {
    const { round, signature, randomness } = record.beacon;
    const signatureHash = /^(?:[0-9a-f]{2})+$/.test(signature)
      ? await hashes.sha256Hex(hexToBytes(signature))
      : null;
    check(
      'beacon',
      signatureHash === randomness,
      signatureHash === randomness
        ? `The beacon's randomness (round ${formatCount(round)}) is the hash of its signature`
        : `The beacon's randomness (round ${formatCount(round)}) is not the hash of its signature`,
    );
  }

  // Without valid weights a v2 pick cannot be replayed.
  if (weightsProblem) return;
  const numbered = picks.every((pick, i) => pick.p === i + 1);
  if (picks.length > 0) {
    check(
      'pick-numbers',
      numbered,
      numbered
        ? `Picks are numbered 1 to ${formatCount(picks.length)}, without gaps`
        : 'Pick numbers skip or repeat: they must run 1, 2, 3, …',
    );
  }

  const remaining = [...leaves] as string[];
  const remainingWeights = weights && [...weights];
  for (const [i, pick] of picks.entries()) {
    progress(`Replaying pick ${pick.p} of ${picks.length}`, 0.3 + (0.65 * i) / picks.length);
    await pause();
    const at = await locateEntry(String(pick.entryId), remaining, remainingWeights, hashes);
    if (pick.method === 'random') {
      checks.push(await replayPick(record, pick, at, remaining.length, remainingWeights, hashes));
    } else {
      const problem = manualPickProblem(pick, at, remaining.length);
      check(
        'pick',
        !problem,
        problem ??
          `Pick ${pick.p} (${pick.displayName}) was chosen by hand, not drawn at random (index ${formatCount(at)} of ${formatCount(remaining.length)} left)`,
        pick.entryId,
      );
    }
    if (at >= 0) {
      remaining.splice(at, 1);
      remainingWeights?.splice(at, 1);
    }
  }

  progress('Checking places', 0.97);
  await pause();
  const places = checkPlaces(record.winnersCount, picks);
  check('places', places === null, places ?? placesSentence(picks));
  progress('Done', 1);
}

/** What is wrong with a pick that was not drawn at random, or null when it checks out. */
function manualPickProblem(pick: DrawRecordPick, at: number, left: number): string | null {
  const name = `Pick ${pick.p} (${pick.displayName})`;
  if (pick.method !== 'manual') return `${name} has an unknown method "${String(pick.method)}"`;
  if (pick.attempts !== 0) return `${name} was chosen by hand, yet the record counts attempts`;
  if (at < 0) return `${name} was chosen by hand from outside the entries left`;
  if (at !== pick.index) {
    return `${name} was chosen by hand at index ${formatCount(at)} of ${formatCount(left)} left, not ${formatCount(pick.index)} as the record says`;
  }
  return null;
}

/** v2's weights, one per leaf, or why they are not. */
function describeWeightsProblem(weights: unknown, leafCount: number): string | null {
  if (!Array.isArray(weights)) return `A ${DRAW_PROTOCOL_V2} record must give every leaf a weight`;
  if (weights.length !== leafCount) {
    return `The list holds ${countOf(weights.length, 'weight', 'weights')} for ${countOf(leafCount, 'leaf', 'leaves')}`;
  }
  return findWeightsProblem(weights)?.replace(/\.$/, '') ?? null;
}

/** W: a v2 list's total weight. */
export const sumWeights = (weights: readonly number[]) =>
  weights.reduce((sum, weight) => sum + weight, 0);

/**
 * Replays a random pick from the `left` entries (weighted by `weights` in v2) and compares it
 * with the record; `at` is where the named entry sits among them.
 */
async function replayPick(
  record: DrawRecord,
  pick: DrawRecordPick,
  at: number,
  left: number,
  weights: readonly number[] | null,
  hashes: DrawHashes,
): Promise<CheckResult> {
  const base = { kind: 'pick' as const, detail: pick.entryId };
  if (left === 0) {
    return { ...base, ok: false, text: `Pick ${pick.p}: no entries were left to draw from` };
  }
  const input = {
    seedHex: record.seed!,
    contestId: record.contestId,
    root: record.entries!.root,
    beaconRandomness: record.beacon?.randomness ?? null,
    p: pick.p,
  };
  const expected = weights
    ? await computeWeightedPick(hashes, { ...input, weights })
    : await computePick(hashes, { ...input, remaining: left });
  const attempts = countOf(expected.attempts, 'attempt', 'attempts');
  const leftText = formatCount(left);
  if (expected.index !== pick.index || expected.attempts !== pick.attempts) {
    return {
      ...base,
      ok: false,
      text: `Pick ${pick.p} replays to index ${formatCount(expected.index)} of ${leftText} left (${attempts}), but the record says index ${formatCount(pick.index)} (${countOf(pick.attempts, 'attempt', 'attempts')})`,
    };
  }
  if (at !== expected.index) {
    return {
      ...base,
      ok: false,
      text: `Pick ${pick.p} replays to index ${formatCount(expected.index)} of ${leftText} left, which is not the entry the record names`,
    };
  }
  const weight = weights
    ? `, weight ${formatCount(weights[at]!)} of ${formatCount(sumWeights(weights))}`
    : '';
  return {
    ...base,
    ok: true,
    text: `Pick ${pick.p} lands on ${pick.displayName}'s entry (index ${formatCount(expected.index)} of ${leftText} left${weight}, ${attempts})`,
  };
}

function placesSentence(picks: DrawRecordPick[]): string {
  if (picks.length === 0) return 'No picks yet, so no places to check';
  return picks.some((pick) => pick.status === 'disqualified')
    ? 'Places match: each pick took the first empty place, and each disqualification gives its reason'
    : 'Places match: each pick took the first empty place';
}

/**
 * Replays the places in time order (docs/draw-protocol.md#4-draw): each pick takes the first
 * empty place, a disqualification empties its place. Null when all agree, else what did not.
 */
function checkPlaces(winnersCount: number, picks: DrawRecordPick[]): string | null {
  type Event = { at: number; order: number; pick: DrawRecordPick; disqualifies: boolean };
  const events: Event[] = [];
  for (const pick of picks) {
    events.push({ at: Date.parse(pick.drawnAt), order: 1, pick, disqualifies: false });
    if (pick.status === 'disqualified') {
      const at = pick.disqualifiedAt === null ? NaN : Date.parse(pick.disqualifiedAt);
      if (Number.isNaN(at)) return `Pick ${pick.p} was disqualified without a time`;
      events.push({ at, order: 0, pick, disqualifies: true });
    }
  }
  if (events.some((event) => Number.isNaN(event.at))) return 'A pick has no valid draw time';
  events.sort((a, b) => a.at - b.at || a.order - b.order || a.pick.p - b.pick.p);
  const holders = new Set<number>();
  for (const { pick, disqualifies } of events) {
    if (disqualifies) {
      if (!pick.reason) return `Pick ${pick.p} was disqualified without a reason`;
      holders.delete(pick.position);
      continue;
    }
    let firstEmpty: number | undefined;
    for (let position = 1; position <= winnersCount; position += 1) {
      if (!holders.has(position)) {
        firstEmpty = position;
        break;
      }
    }
    if (pick.position !== firstEmpty) {
      return firstEmpty === undefined
        ? `Pick ${pick.p} took place ${pick.position}, but every place was already filled`
        : `Pick ${pick.p} took place ${pick.position}, but place ${firstEmpty} was the first empty one`;
    }
    holders.add(pick.position);
  }
  return null;
}

export type EntryLookup = {
  /**
   * The entry's 0-based position in the frozen list, its leaf and, in v2, the weight its leaf
   * binds it to; null when no leaf is the entry's.
   */
  found: { index: number; leaf: string; weight: number | null } | null;
  /** The entry's picks (a winner, or a disqualified one), by number. */
  picks: DrawRecordPick[];
};

/** Finds an entrant's leaf in the frozen list: what an entry id receipt proves. */
export async function findEntry(
  record: DrawRecord,
  entryId: string,
  hashes: DrawHashes = webCryptoHashes,
): Promise<EntryLookup> {
  const leaves = record.entries?.leaves ?? [];
  const weights = record.version === DRAW_PROTOCOL_V2 ? (record.entries?.weights ?? []) : null;
  const index = await locateEntry(entryId, leaves, weights, hashes);
  return {
    found: index < 0 ? null : { index, leaf: leaves[index]!, weight: weights?.[index] ?? null },
    picks: record.picks.filter((pick) => pick.entryId === entryId).sort((a, b) => a.p - b.p),
  };
}
