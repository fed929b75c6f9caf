import { createHash, createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contestEntries } from '#server/db/schema.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

/**
 * An independent recomputation of a draw record, written from docs/draw-protocol.md with nothing
 * but node:crypto: it imports no code of the draw (src/shared/draw-protocol.ts), so a mistake
 * there cannot hide behind the same mistake here. It answers every claim of the record that does
 * not hold; an empty list means the record is right.
 */

const TWO_TO_256 = 2n ** 256n;
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const isHex64 = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** The contest's entry ids as the wheel orders them (entry date, then id), from the database. */
export async function entryIdsInWheelOrder({ db }: DbContext, contestId: string) {
  const rows = await db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
  return rows.map((row) => row.id);
}

/** Pick p by hand: x = HMAC-SHA256(seed, message) as a big-endian integer, rejection sampled. */
export function recomputePick(input: {
  seed: string;
  contestId: string;
  root: string;
  beaconRandomness: string | null;
  p: number;
  n: number;
}): { index: number; attempts: number } {
  const n = BigInt(input.n);
  const limit = TWO_TO_256 - (TWO_TO_256 % n);
  for (let c = 0; ; c += 1) {
    const message = `prizewheel-draw-v1:${input.contestId}:${input.root}:${input.beaconRandomness ?? ''}:${input.p}:${c}`;
    const digest = createHmac('sha256', Buffer.from(input.seed, 'hex'))
      .update(Buffer.from(message, 'utf8'))
      .digest();
    const x = BigInt(`0x${digest.toString('hex')}`);
    if (x < limit) return { index: Number(x % n), attempts: c + 1 };
  }
}

/**
 * Every check a sceptic makes: the commitment, the frozen list (against the contest's own entry
 * ids, when given, in the wheel's order), each pick replayed in order of p, and each place.
 */
export function recomputeDrawRecord(
  record: DrawRecord,
  entryIds: readonly string[] | null = null,
): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, claim: string) => {
    if (!ok) problems.push(claim);
  };
  check(record.version === 'prizewheel-draw-v1', 'the version is prizewheel-draw-v1');
  check(!JSON.stringify(record).includes('@'), 'the record holds no "@"');
  check(isHex64(record.seedHash), 'seedHash is 64 lowercase hex');
  if (record.seed === null) {
    check(record.entries === null, 'no frozen list before the first draw');
    check(record.picks.length === 0, 'no picks before the first draw');
    return problems;
  }
  check(isHex64(record.seed), 'the seed is 64 lowercase hex');
  check(sha256Hex(Buffer.from(record.seed, 'hex')) === record.seedHash, 'SHA-256(seed) = seedHash');

  const entries = record.entries;
  if (!entries) return [...problems, 'a revealed seed comes with the frozen list'];
  check(entries.count === entries.leaves.length, 'count is the number of leaves');
  check(entries.leaves.every(isHex64), 'every leaf is 64 lowercase hex');
  check(sha256Hex(Buffer.from(entries.leaves.join(''), 'utf8')) === entries.root, 'the root');
  if (entryIds) {
    const expected = entryIds.map((id) => sha256Hex(Buffer.from(id, 'utf8')));
    check(
      expected.length === entries.leaves.length &&
        expected.every((leaf, i) => leaf === entries.leaves[i]),
      'the leaves are the hashes of the entry ids in the wheel order',
    );
  }
  if (record.beacon) {
    check(
      sha256Hex(Buffer.from(record.beacon.signature, 'hex')) === record.beacon.randomness,
      "the beacon's randomness is the hash of its signature",
    );
  }

  const picks = [...record.picks].sort((a, b) => a.p - b.p);
  const remaining = [...entries.leaves];
  picks.forEach((pick, i) => {
    check(pick.p === i + 1, `pick ${pick.p} is number ${i + 1}`);
    const leaf = sha256Hex(Buffer.from(pick.entryId, 'utf8'));
    if (pick.method === 'random') {
      const { index, attempts } = recomputePick({
        seed: record.seed!,
        contestId: record.contestId,
        root: entries.root,
        beaconRandomness: record.beacon?.randomness ?? null,
        p: pick.p,
        n: remaining.length,
      });
      check(pick.index === index, `pick ${pick.p}: index ${pick.index} is ${index}`);
      check(pick.attempts === attempts, `pick ${pick.p}: attempts ${pick.attempts}`);
      check(remaining[index] === leaf, `pick ${pick.p} is the entry at ${index} of the remaining`);
    } else {
      check(pick.method === 'manual', `pick ${pick.p} is random or manual`);
      check(pick.attempts === 0, `manual pick ${pick.p} has attempts 0`);
      check(remaining[pick.index] === leaf, `manual pick ${pick.p}: its index in the remaining`);
    }
    const at = remaining.indexOf(leaf);
    check(at >= 0, `pick ${pick.p} is an entry not picked before`);
    if (at >= 0) remaining.splice(at, 1);
    check(
      pick.status === 'winner'
        ? pick.reason === null && pick.disqualifiedAt === null
        : typeof pick.reason === 'string' && pick.reason.length > 0 && pick.disqualifiedAt !== null,
      `pick ${pick.p}: a disqualification has a reason and a time, a winner neither`,
    );
    check(/^\S+( \S\.)?$/u.test(pick.displayName), `pick ${pick.p}: displayName "Maria S."`);
  });

  // The places: in time order, a disqualification empties its place (before a pick at the same
  // moment), and each pick takes the lowest empty place.
  const events = picks.flatMap((pick) => [
    { at: Date.parse(pick.drawnAt), order: 1, p: pick.p, pick },
    ...(pick.disqualifiedAt
      ? [{ at: Date.parse(pick.disqualifiedAt), order: 0, p: pick.p, pick }]
      : []),
  ]);
  events.sort((a, b) => a.at - b.at || a.order - b.order || a.p - b.p);
  const holders = new Map<number, number>();
  for (const { order, pick } of events) {
    if (order === 0) {
      check(holders.get(pick.position) === pick.p, `pick ${pick.p} held its place when removed`);
      holders.delete(pick.position);
      continue;
    }
    const firstEmpty = Array.from({ length: record.winnersCount }, (_, k) => k + 1).find(
      (position) => !holders.has(position),
    );
    check(pick.position === firstEmpty, `pick ${pick.p} took place ${firstEmpty}`);
    holders.set(pick.position, pick.p);
  }
  const winners = picks.filter((pick) => pick.status === 'winner');
  check(
    new Set(winners.map((pick) => pick.position)).size === winners.length,
    'one current winner per place',
  );
  check(
    winners.every((pick) => holders.get(pick.position) === pick.p),
    'the current winners are the ones the places replay to',
  );
  return problems;
}
