import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestLeaves, contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { currentRulesVersion } from '#server/features/rules/service.ts';
import {
  BeaconError,
  fetchRoundAfter,
  type BeaconRound,
  type BeaconSource,
} from '#server/lib/drand-beacon.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { drawMessages } from '#shared/contracts/draws.ts';
import {
  hashEntryIds,
  hashLeaves,
  hashWeightedEntries,
  type FrozenDraw,
} from '#shared/draw-protocol.ts';
import { countLeftOutByFlag, listEntryIds, listPicks, lockContest } from './draw-rows.ts';
import { recordHistory } from './history.ts';

/** The frozen list's leaves: with referrals on, each one also fixes its entry's weight (v2). */
const hashListLeaves = (entryIds: string[], weights: number[] | null) =>
  weights
    ? hashWeightedEntries(nodeDrawHashes, entryIds, weights)
    : hashEntryIds(nodeDrawHashes, entryIds);

/**
 * Closes the contest to entries for good and fixes the list drawn from: its ids in the wheel's
 * order, their leaves and the root, and the rules version in force. Under the contest's row lock, as every entry is written, so
 * an entry is either in the list or refused.
 */
export async function freezeEntries(tx: Db, contest: Contest): Promise<Date> {
  const { entryIds, leftOut, weights } = await listEntryIds(tx, contest);
  if (entryIds.length === 0) throw new AppError('NO_ENTRIES', drawMessages.noEntries);
  const leaves = await hashListLeaves(entryIds, weights);
  const root = await hashLeaves(nodeDrawHashes, leaves);
  const frozenExcluded = await countLeftOutByFlag(tx, contest);
  const frozenAt = new Date();
  await tx
    .update(contests)
    .set({
      frozenAt,
      frozenEntryCount: entryIds.length,
      entriesRoot: root,
      frozenLeftOut: leftOut,
      frozenExcluded,
      // The official rules in force at the freeze, which the public record names: changes to
      // the rules take the same lock, so none is half-made here. Rules taken off the contest
      // leave none in force, though their versions stay readable.
      frozenRulesVersion: contest.rules ? await currentRulesVersion({ db: tx }, contest.id) : null,
    })
    .where(eq(contests.id, contest.id));
  await tx.insert(contestLeaves).values({
    contestId: contest.id,
    leaves: leaves.join(''),
    weights: weights?.join(',') ?? null,
  });
  return frozenAt;
}

type PendingFreeze = { contestId: string; frozenAt: Date; actor: SessionUser };

/**
 * A freeze whose beacon failed is undone, as long as nothing was drawn from it, and the owner's
 * history says so with the beacon's reason: entries reopened, and the owner may draw again.
 */
async function unfreezeUndrawn(
  db: Db,
  { contestId, frozenAt, actor }: PendingFreeze,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockContest(tx, contestId);
    const { contest } = locked;
    const picks = await listPicks(tx, contestId);
    if (picks.length > 0 || contest.beacon || contest.frozenAt?.getTime() !== frozenAt.getTime()) {
      return;
    }
    await recordHistory(tx, actor, locked, [
      { entryId: null, entrantName: null, entrantEmail: null, action: 'draw-stopped', reason },
    ]);
    await tx
      .update(contests)
      .set({
        frozenAt: null,
        frozenEntryCount: null,
        entriesRoot: null,
        frozenLeftOut: null,
        frozenExcluded: null,
        frozenRulesVersion: null,
      })
      .where(eq(contests.id, contestId));
    await tx.delete(contestLeaves).where(eq(contestLeaves.contestId, contestId));
  });
}

/**
 * The beacon round for a contest frozen at `frozenAt`: the first published 3 s after it. It is
 * awaited outside any transaction: the embedded database has one connection, and a transaction
 * held open for seconds would stop every other request. The round is fixed by the freeze's time,
 * so concurrent draws of one contest fetch the same one. A beacon that fails stops the draw with
 * a clear error (never a silent fallback) and undoes the freeze.
 */
export async function attachBeacon(
  db: Db,
  source: BeaconSource,
  freeze: PendingFreeze,
): Promise<void> {
  const { contestId, frozenAt } = freeze;
  let round: BeaconRound;
  try {
    round = await fetchRoundAfter(source, frozenAt);
  } catch (error) {
    if (!(error instanceof BeaconError)) throw error;
    await unfreezeUndrawn(db, freeze, error.message);
    throw new AppError('BEACON_FAILED', error.message);
  }
  await db
    .update(contests)
    .set({ beacon: round })
    .where(
      and(eq(contests.id, contestId), isNull(contests.beacon), eq(contests.frozenAt, frozenAt)),
    );
}

/**
 * The list frozen by the first draw, read back and proven to be it: its leaves, recomputed from
 * the entries and the frozen weights, must give the stored root. A count alone would let a list
 * of as many other entries through, drawn from while the record showed the frozen one (and
 * failed every verifier). No entry can join or leave the list since; if one did behind the
 * app's back, nothing is drawn.
 */
export async function loadFrozenDraw(tx: Db, contest: Contest): Promise<FrozenDraw> {
  const { entryIds } = await listEntryIds(tx, contest, { withWeights: false });
  const weights = await listFrozenWeights(tx, contest.id);
  const isFrozenList =
    entryIds.length === contest.frozenEntryCount &&
    (!weights || weights.length === entryIds.length) &&
    (await hashLeaves(nodeDrawHashes, await hashListLeaves(entryIds, weights))) ===
      contest.entriesRoot;
  if (!isFrozenList) throw new Error(`The frozen entries of contest ${contest.id} have changed.`);
  return {
    seedHex: contest.drawSeed!,
    contestId: contest.id,
    root: contest.entriesRoot!,
    beaconRandomness: contest.beacon?.randomness ?? null,
    entryIds,
    ...(weights && { weights }),
  };
}

/** The weights the freeze fixed, in the frozen order; null for an unweighted (v1) draw. */
export async function listFrozenWeights(db: Db, contestId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ weights: contestLeaves.weights })
    .from(contestLeaves)
    .where(eq(contestLeaves.contestId, contestId));
  return row?.weights ? row.weights.split(',').map(Number) : null;
}
