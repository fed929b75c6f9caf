import { and, eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contestPicks, contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { drawMessages, type DrawRecord, type DrawResult } from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { drawNextPicks, type DrawnPick, type FrozenDraw } from '#shared/draw-protocol.ts';
import {
  currentWinners,
  emptyPositions,
  isDrawnFrom,
  listEntrants,
  listPicks,
  lockContest,
  type LockedContest,
  type PickRow,
} from './draw-rows.ts';
import { attachBeacon, freezeEntries, loadFrozenDraw } from './freeze.ts';
import { recordHistory } from './history.ts';
import {
  disqualifyPicks,
  nextEventTime,
  placePicks,
  replaceWinner,
  syncWinners,
  type Entrants,
} from './place-picks.ts';
import { readDrawRecord } from './record.ts';
import type { NoticeContext } from './winner-notices.ts';

export { withdrawFromDraw } from './place-picks.ts';
export {
  CLAIM_DEADLINE_JOB,
  CLAIM_REMINDER_JOB,
  findContestOwner,
  queueWinnerNotices,
  recordUrlFor,
  type ClaimJob,
} from './winner-notices.ts';

/**
 * What a draw needs: the database, the operator's beacon if any, and the queues that notify the
 * winners (docs/product.md#claims).
 */
export type DrawContext = DbContext &
  NoticeContext & { config: Pick<Config, 'drawBeacon' | 'appUrl'> };

/**
 * The verifiable draw (docs/draw-protocol.md): every pick comes from the committed seed, the
 * frozen entry list and, when configured, a beacon round; every pick, disqualification and reason
 * is kept in `contest_picks`, which the public record replays. Every change runs under the
 * contest's row lock, and the unique index on (contest, position) of current winners is the last
 * word should two draws ever race.
 */

type DrawRequest = {
  /** How many empty places to fill; all of them when left out. */
  count?: number;
  /** A pick by hand of this entry, into the first empty place. */
  manualEntryId?: string;
  /** The single winner's draw (`POST /winner`): refused unless position 1 is empty. */
  onlyFirstPosition?: boolean;
};

/** The refusals of a draw, the same at the freeze and at the pick. */
function checkDrawable(contest: Contest, picks: PickRow[], request: DrawRequest): number[] {
  const empty = emptyPositions(contest.winnersCount, picks);
  // A winner drawn before verifiable draws is reset first (Reset & Pick New Winner, docs/product.md#the-draw).
  const hasEarlierWinner = contest.winnerId !== null && currentWinners(picks).length === 0;
  if (hasEarlierWinner || (request.onlyFirstPosition && empty[0] !== 1)) {
    throw new AppError('ALREADY_DRAWN', drawMessages.alreadyDrawn);
  }
  if (!contest.drawSeed) throw new AppError('NOT_PUBLISHED', drawMessages.notPublished);
  if (empty.length === 0) throw new AppError('ALL_PLACES_FILLED', drawMessages.allPlacesFilled);
  if (!contest.frozenAt && contest.entryCount === 0) {
    throw new AppError('NO_ENTRIES', drawMessages.noEntries);
  }
  if (request.manualEntryId && !isUuid(request.manualEntryId)) {
    throw new AppError('NOT_AN_ENTRY', drawMessages.notAnEntry);
  }
  return empty;
}

/**
 * The first draw's freeze, committed on its own: a beacon round, when configured, can only be
 * awaited once the freeze's time is fixed, and outside any transaction. A request that would be
 * refused is refused before anything is frozen, a pick by hand of a stranger included.
 */
async function freezeForDraw(
  ctx: DrawContext,
  actor: SessionUser,
  contestId: string,
  request: DrawRequest,
): Promise<void> {
  const frozen = await ctx.db.transaction(async (tx) => {
    const { contest } = await lockContest(tx, contestId);
    const picks = await listPicks(tx, contestId);
    if (contest.frozenAt)
      return { frozenAt: contest.frozenAt, needsBeacon: !contest.beacon && picks.length === 0 };
    checkDrawable(contest, picks, request);
    // Only an entry the draw draws from (confirmed, and not left out for its flags).
    if (request.manualEntryId && !(await isDrawable(tx, contest, request.manualEntryId))) {
      throw new AppError('NOT_AN_ENTRY', drawMessages.notAnEntry);
    }
    return { frozenAt: await freezeEntries(tx, contest), needsBeacon: true };
  });
  const source = ctx.config.drawBeacon;
  if (source && frozen.needsBeacon) {
    await attachBeacon(ctx.db, source, { contestId, frozenAt: frozen.frozenAt, actor });
  }
}

/** Fills empty places from the committed sequence (or by hand), from the frozen entries. */
async function fillEmptyPlaces(
  ctx: DrawContext,
  tx: Db,
  actor: SessionUser,
  contestId: string,
  request: DrawRequest,
): Promise<{ drawn: DrawnPick[]; draw: FrozenDraw; entrants: Entrants }> {
  const locked = await lockContest(tx, contestId);
  const { contest } = locked;
  const picks = await listPicks(tx, contest.id);
  const empty = checkDrawable(contest, picks, request);
  // Undone meanwhile by a concurrent draw whose beacon failed, or still waiting for its round.
  const isReady =
    contest.frozenAt && (contest.beacon || picks.length > 0 || !ctx.config.drawBeacon);
  if (!isReady) throw new AppError('BEACON_FAILED', drawMessages.drawInterrupted);

  const draw = await loadFrozenDraw(tx, contest);
  const picked = new Set(picks.map((pick) => pick.entryId));
  const firstP = picks.length + 1;
  let drawn: DrawnPick[];
  if (request.manualEntryId) {
    const remaining = draw.entryIds.filter((entryId) => !picked.has(entryId));
    const index = remaining.indexOf(request.manualEntryId);
    if (index < 0) throw new AppError('NOT_AN_ENTRY', drawMessages.notAnEntry);
    drawn = [{ p: firstP, entryId: request.manualEntryId, index, attempts: 0 }];
  } else {
    const count = Math.min(request.count ?? empty.length, empty.length);
    drawn = await drawNextPicks(nodeDrawHashes, draw, picked, firstP, count);
  }
  if (drawn.length === 0) throw new AppError('NO_ENTRIES_LEFT', drawMessages.noEntriesLeft);
  const method = request.manualEntryId ? 'manual' : 'random';
  const drawnAt = await nextEventTime(tx, contest.id);
  const { placed, entrants } = await placePicks(ctx, tx, actor, locked, {
    drawn,
    positions: empty,
    method,
    drawnAt,
  });
  // Every pick landed on a withdrawn entry, and none was left to take their places.
  if (placed.length === 0) throw new AppError('NO_ENTRIES_LEFT', drawMessages.noEntriesLeft);
  return { drawn: placed, draw, entrants };
}

/** POST /draws: the next picks into the empty places; answers the public record. */
export async function drawPlaces(
  ctx: DrawContext,
  actor: SessionUser,
  contest: Contest,
  count: number | undefined,
): Promise<DrawRecord> {
  await freezeForDraw(ctx, actor, contest.id, { count });
  await ctx.db.transaction((tx) => fillEmptyPlaces(ctx, tx, actor, contest.id, { count }));
  return readDrawRecord(ctx, contest.id);
}

/**
 * POST /winner (docs/product.md#the-draw): a draw of position 1 (or, given winnerId, a pick by
 * hand that the record shows as such). Answers the winner and its slice on the wheel.
 */
export async function drawWinner(
  ctx: DrawContext,
  actor: SessionUser,
  contest: Contest,
  winnerId: string | undefined,
): Promise<DrawResult> {
  const request = { count: 1, manualEntryId: winnerId, onlyFirstPosition: true };
  await freezeForDraw(ctx, actor, contest.id, request);
  return ctx.db.transaction(async (tx) => {
    const { drawn, draw, entrants } = await fillEmptyPlaces(ctx, tx, actor, contest.id, request);
    const pick = drawn[0]!;
    const { id, name, email } = entrants.get(pick.entryId)!;
    const picks = await listPicks(tx, contest.id);
    // The wheel leaves the disqualified out (getWheel): the slice is counted without them.
    const out = new Set(
      picks
        .filter((earlier) => earlier.status === 'disqualified')
        .map((earlier) => earlier.entryId),
    );
    return {
      winner: { id, name, email },
      // Position 1's pick (after any passed over): the contest's winnerSelectedAt is its time.
      winnerSelectedAt: picks.find((row) => row.p === pick.p)!.drawnAt.toISOString(),
      method: winnerId ? 'manual' : 'random',
      entryCount: draw.entryIds.length,
      index: draw.entryIds.filter((entryId) => !out.has(entryId)).indexOf(pick.entryId),
    };
  });
}

/**
 * Disqualifies the winner at `position`, pick `p`, and gives the place to the next pick of the
 * committed sequence. Without an entry left to replace them nothing changes: the owner is told so.
 */
export async function disqualifyWinner(
  ctx: DrawContext,
  actor: SessionUser,
  contest: Contest,
  { position, p, reason }: { position: number; p: number; reason: string },
): Promise<DrawRecord> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockContest(tx, contest.id);
    const picks = await listPicks(tx, contest.id);
    const winner = currentWinners(picks).find((pick) => pick.position === position);
    if (!winner) throw new AppError('UNKNOWN_POSITION', drawMessages.unknownPosition);
    // Checked under the contest's lock: a second click or a stale tab names the winner already
    // replaced, and must not remove the replacement it never saw.
    if (winner.p !== p) throw new AppError('PICK_CHANGED', drawMessages.pickChanged);
    const replacement = await replaceWinner(ctx, tx, actor, { locked, picks, winner }, reason);
    if (!replacement) throw new AppError('NO_ENTRIES_LEFT', drawMessages.noReplacement);
  });
  return readDrawRecord(ctx, contest.id);
}

/** A contest locked for a change of a place's claim, and its picks. */
export type HeldPicks = { locked: LockedContest; picks: PickRow[] };
export type { PickRow };

/** Locks the contest (draws, claims and resets take turns) and reads its picks. */
export async function holdPicks(tx: Db, contestId: string): Promise<HeldPicks> {
  const locked = await lockContest(tx, contestId);
  return { locked, picks: await listPicks(tx, contestId) };
}

/**
 * A winner's place lost through its claim (docs/product.md#claims): declined by the winner, or
 * not claimed by the deadline. The claim's outcome is written on the pick, which is disqualified
 * with the public reason, and the next pick of the committed sequence takes the place and is
 * notified; with no entry left the place stays empty, and the record shows it so. No one acts:
 * the history names no actor. Answers the new winner, or null.
 */
export async function releasePlace(
  ctx: NoticeContext,
  tx: Db,
  { locked, picks }: HeldPicks,
  pick: PickRow,
  outcome: { claimStatus: 'declined' | 'expired'; reason: string },
) {
  await tx
    .update(contestPicks)
    .set({ claimStatus: outcome.claimStatus })
    .where(and(eq(contestPicks.contestId, pick.contestId), eq(contestPicks.p, pick.p)));
  return replaceWinner(ctx, tx, null, { locked, picks, winner: pick }, outcome.reason);
}

/**
 * "Redraw all places" (docs/product.md#the-draw): every current winner is disqualified with the
 * owner's one public reason, and the next draw fills their places from the same sequence. A
 * winner drawn before verifiable draws is simply cleared, as before.
 */
export async function resetWinners(
  { db }: DbContext,
  actor: SessionUser,
  contest: Contest,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockContest(tx, contest.id);
    const winners = currentWinners(await listPicks(tx, contest.id));
    if (winners.length > 0) {
      await disqualifyPicks(tx, actor, locked, winners, reason);
      await syncWinners(tx, locked.contest, { isRedraw: true });
      return;
    }
    const earlierWinnerId = locked.contest.winnerId;
    if (!earlierWinnerId) throw new AppError('NO_WINNER', drawMessages.noWinner);
    const previous = (await listEntrants(tx, [earlierWinnerId])).get(earlierWinnerId);
    await tx
      .update(contests)
      .set({ winnerId: null, winnerSelectedAt: null })
      .where(eq(contests.id, contest.id));
    await recordHistory(tx, actor, locked, [
      {
        entryId: earlierWinnerId,
        entrantName: previous?.name ?? null,
        entrantEmail: previous?.email ?? null,
        action: 'reset',
        reason,
      },
    ]);
  });
}

async function isDrawable(db: Db, contest: Contest, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(and(eq(contestEntries.id, entryId), isDrawnFrom(contest)));
  return row !== undefined;
}
