import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import {
  contestDraws,
  contestEntries,
  contestPicks,
  contests,
  users,
  type Contest,
} from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import {
  drawMessages,
  WHEEL_LABEL_LIMIT,
  type DrawHistoryItem,
  type DrawMethod,
  type DrawnPlace,
  type DrawRecord,
  type DrawResult,
  type WheelData,
} from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import {
  drawNextPicks,
  toDisplayName,
  type DrawnPick,
  type FrozenDraw,
} from '#shared/draw-protocol.ts';
import {
  currentWinners,
  emptyPositions,
  listEntrants,
  listPicks,
  lockContest,
  isWeighted,
  listEntryIds,
  wheelOrder,
  isDrawnFrom,
  type LockedContest,
  type PickRow,
} from './draw-rows.ts';
import { attachBeacon, freezeEntries, listFrozenWeights, loadFrozenDraw } from './freeze.ts';
import { recordHistory } from './history.ts';
import { readDrawRecord } from './record.ts';
import { openClaims, type NoticeContext } from './winner-notices.ts';

export {
  CLAIM_DEADLINE_JOB,
  CLAIM_REMINDER_JOB,
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

/**
 * The contest's winner fields follow the picks: `winnerId` is position 1 (the single winner of
 * docs/product.md#the-draw), `winners` the public names by position, and `redrawing` says the
 * places are being drawn again from a redraw of them all until every one is filled.
 */
async function syncWinners(
  tx: Db,
  contest: Contest,
  { isRedraw = false }: { isRedraw?: boolean } = {},
): Promise<void> {
  const winners = currentWinners(await listPicks(tx, contest.id)).sort(
    (a, b) => a.position - b.position,
  );
  const first = winners.find((winner) => winner.position === 1);
  await tx
    .update(contests)
    .set({
      winners: winners.map(({ position, displayName }) => ({ position, displayName })),
      winnerId: first?.entryId ?? null,
      winnerSelectedAt: first?.drawnAt ?? null,
      redrawing: isRedraw || (contest.redrawing && winners.length < contest.winnersCount),
    })
    .where(eq(contests.id, contest.id));
}

type Entrants = Awaited<ReturnType<typeof listEntrants>>;

/**
 * Writes new picks into the empty places, lowest first, with their history records; answers the
 * picked entrants.
 */
async function placePicks(
  ctx: NoticeContext,
  tx: Db,
  actor: SessionUser | null,
  locked: LockedContest,
  picks: { drawn: DrawnPick[]; positions: number[]; method: DrawMethod; drawnAt: Date },
): Promise<Entrants> {
  const { drawn, positions, method, drawnAt } = picks;
  const entrants = await listEntrants(
    tx,
    drawn.map((pick) => pick.entryId),
  );
  await tx.insert(contestPicks).values(
    drawn.map((pick, order) => ({
      ...pick,
      contestId: locked.contest.id,
      position: positions[order]!,
      method,
      displayName: toDisplayName(entrants.get(pick.entryId)!.name),
      drawnAt,
      actorId: actor?.id ?? null,
    })),
  );
  await recordHistory(
    tx,
    actor,
    locked,
    drawn.map((pick) => {
      const entrant = entrants.get(pick.entryId)!;
      return {
        entryId: pick.entryId,
        entrantName: entrant.name,
        entrantEmail: entrant.email,
        action: method,
        reason: null,
      };
    }),
  );
  await syncWinners(tx, locked.contest);
  await openClaims(
    ctx,
    tx,
    locked.contest,
    drawn.map((pick, order) => ({
      p: pick.p,
      position: positions[order]!,
      entryId: pick.entryId,
      email: entrants.get(pick.entryId)!.email,
    })),
    drawnAt,
  );
  return entrants;
}

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

/**
 * The time of a pick or a disqualification: the database's clock, never before the contest's
 * latest event and a millisecond after it, so the record's times replay in the order things
 * happened even when servers' clocks disagree or step back.
 */
async function nextEventTime(tx: Db, contestId: string): Promise<Date> {
  const latest = sql`(select max(greatest(${contestPicks.drawnAt}, ${contestPicks.disqualifiedAt})) from ${contestPicks} where ${contestPicks.contestId} = ${contestId})`;
  const [row] = await tx
    .select({
      at: sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${latest} + interval '1 millisecond'))`.mapWith(
        contestPicks.drawnAt,
      ),
    })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row!.at as Date;
}

/** Fills empty places from the committed sequence (or by hand), from the frozen entries. */
async function fillEmptyPlaces(
  ctx: DrawContext,
  tx: Db,
  actor: SessionUser,
  contestId: string,
  request: DrawRequest,
): Promise<{ drawn: DrawnPick[]; draw: FrozenDraw; drawnAt: Date; entrants: Entrants }> {
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
  const entrants = await placePicks(ctx, tx, actor, locked, {
    drawn,
    positions: empty,
    method,
    drawnAt,
  });
  return { drawn, draw, drawnAt, entrants };
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
    const { drawn, draw, drawnAt, entrants } = await fillEmptyPlaces(
      ctx,
      tx,
      actor,
      contest.id,
      request,
    );
    const pick = drawn[0]!;
    const { id, name, email } = entrants.get(pick.entryId)!;
    // The wheel leaves the disqualified out (getWheel): the slice is counted without them.
    const out = new Set(
      (await listPicks(tx, contest.id))
        .filter((earlier) => earlier.status === 'disqualified')
        .map((earlier) => earlier.entryId),
    );
    return {
      winner: { id, name, email },
      // Position 1's pick: the contest's winnerSelectedAt is its time.
      winnerSelectedAt: drawnAt.toISOString(),
      method: winnerId ? 'manual' : 'random',
      entryCount: draw.entryIds.length,
      index: draw.entryIds.filter((entryId) => !out.has(entryId)).indexOf(pick.entryId),
    };
  });
}

/**
 * Marks current winners disqualified, with the public reason and a history record each; answers
 * the disqualification's time.
 */
async function disqualifyPicks(
  tx: Db,
  actor: SessionUser | null,
  locked: LockedContest,
  winners: PickRow[],
  reason: string,
): Promise<Date> {
  const entrants = await listEntrants(
    tx,
    winners.map((winner) => winner.entryId),
  );
  const disqualifiedAt = await nextEventTime(tx, locked.contest.id);
  await tx
    .update(contestPicks)
    .set({ status: 'disqualified', reason, disqualifiedAt })
    .where(
      and(
        eq(contestPicks.contestId, locked.contest.id),
        inArray(
          contestPicks.p,
          winners.map((winner) => winner.p),
        ),
      ),
    );
  await recordHistory(
    tx,
    actor,
    locked,
    winners.map((winner) => ({
      entryId: winner.entryId,
      entrantName: entrants.get(winner.entryId)?.name ?? null,
      entrantEmail: entrants.get(winner.entryId)?.email ?? null,
      action: 'disqualify',
      reason,
    })),
  );
  return disqualifiedAt;
}

/**
 * Disqualifies a current winner with the public reason and gives the place to the next pick of
 * the committed sequence, who is notified. Answers the new winner, or null when no entry is left
 * to take the place (it then stays empty). Under the contest's lock, in the caller's transaction.
 */
async function replaceWinner(
  ctx: NoticeContext,
  tx: Db,
  actor: SessionUser | null,
  { locked, picks, winner }: { locked: LockedContest; picks: PickRow[]; winner: PickRow },
  reason: string,
) {
  // The replacement is drawn at the disqualification's time: the record orders a
  // disqualification before a pick of the same time.
  const drawnAt = await disqualifyPicks(tx, actor, locked, [winner], reason);
  const draw = await loadFrozenDraw(tx, locked.contest);
  const picked = new Set(picks.map((pick) => pick.entryId));
  const drawn = await drawNextPicks(nodeDrawHashes, draw, picked, picks.length + 1, 1);
  if (drawn.length === 0) {
    await syncWinners(tx, locked.contest);
    return null;
  }
  const entrants = await placePicks(ctx, tx, actor, locked, {
    drawn,
    positions: [winner.position],
    method: 'random',
    drawnAt,
  });
  return entrants.get(drawn[0]!.entryId)!;
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

/** The entries' names, e-mails and slices (places in the wheel's order), in one pass. */
async function listSlices(db: Db, contest: Contest, entryIds: string[]) {
  const slices = db.$with('slices').as(
    db
      .select({
        id: contestEntries.id,
        name: contestEntries.name,
        email: contestEntries.email,
        slice:
          sql<number>`(row_number() over (order by ${contestEntries.entryDate}, ${contestEntries.id}) - 1)::int`.as(
            'slice',
          ),
      })
      .from(contestEntries)
      .where(isDrawnFrom(contest)),
  );
  const rows = await db.with(slices).select().from(slices).where(inArray(slices.id, entryIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The slices' weights when the contest has referrals on: the frozen ones once drawn, else what
 * the entries weigh now (docs/product.md#referrals). Null when every slice weighs the same.
 */
async function listWheelWeights(db: Db, contest: Contest): Promise<number[] | null> {
  if (contest.frozenAt) return listFrozenWeights(db, contest.id);
  return isWeighted(contest) ? (await listEntryIds(db, contest)).weights : null;
}

/**
 * Leaves the disqualified out of a list in the wheel's order: `out` holds their slices in the
 * full order, lowest first.
 */
function withoutSlices<T>(list: T[], out: number[]): T[] {
  if (out.length === 0) return list;
  const gone = new Set(out);
  return list.filter((_, slice) => !gone.has(slice));
}

/** Where a slice of the full order stands once the disqualified before it are gone. */
const sliceAfter = (slice: number, out: number[]) =>
  slice - out.filter((gone) => gone < slice).length;

/**
 * The wheel shows who can still win (docs/product.md#the-draw): the entries drawn from (the frozen
 * list once drawn), less the winners disqualified, in the wheel's order; and every filled place.
 */
export async function getWheel({ db }: DbContext, contest: Contest): Promise<WheelData> {
  const allLabels =
    contest.entryCount <= WHEEL_LABEL_LIMIT
      ? (
          await db
            .select({ name: contestEntries.name })
            .from(contestEntries)
            .where(isDrawnFrom(contest))
            .orderBy(...wheelOrder)
        ).map((row) => row.name)
      : null;
  const picks = await listPicks(db, contest.id);
  const winners = currentWinners(picks);
  const disqualified = picks.filter((pick) => pick.status === 'disqualified');
  // A winner drawn before verifiable draws has no pick, but still a slice.
  const entryIds = [
    ...winners.map((winner) => winner.entryId),
    ...(contest.winnerId ? [contest.winnerId] : []),
    ...disqualified.map((pick) => pick.entryId),
  ];
  const entries = entryIds.length > 0 ? await listSlices(db, contest, entryIds) : new Map();
  const out = disqualified
    .flatMap((pick) => entries.get(pick.entryId)?.slice ?? [])
    .sort((a, b) => a - b);
  const allCount =
    allLabels?.length ?? contest.frozenEntryCount ?? (await countDrawnFrom(db, contest));
  const places: DrawnPlace[] = winners
    .map((winner) => {
      const { name, email, slice } = entries.get(winner.entryId)!;
      const { position, p, entryId, method } = winner;
      return { position, p, entryId, name, email, method, slice: sliceAfter(slice, out) };
    })
    .sort((a, b) => a.position - b.position);
  const earlierSlice = contest.winnerId ? entries.get(contest.winnerId)?.slice : undefined;
  const weights = await listWheelWeights(db, contest);
  return {
    count: allCount - out.length,
    labels: allLabels && withoutSlices(allLabels, out),
    weights: weights && withoutSlices(weights, out),
    winnerIndex: earlierSlice === undefined ? null : sliceAfter(earlierSlice, out),
    places,
  };
}

async function isDrawable(db: Db, contest: Contest, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(and(eq(contestEntries.id, entryId), isDrawnFrom(contest)));
  return row !== undefined;
}

async function countDrawnFrom(db: Db, contest: Contest): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contestEntries)
    .where(isDrawnFrom(contest));
  return row?.value ?? 0;
}

export async function listDraws({ db }: DbContext, contest: Contest): Promise<DrawHistoryItem[]> {
  const rows = await db
    .select({
      id: contestDraws.id,
      action: contestDraws.action,
      entrantName: contestDraws.entrantName,
      entrantEmail: contestDraws.entrantEmail,
      entryCount: contestDraws.entryCount,
      reason: contestDraws.reason,
      actorFirstName: users.firstName,
      actorEmail: users.email,
      createdAt: contestDraws.createdAt,
    })
    .from(contestDraws)
    .leftJoin(users, eq(users.id, contestDraws.actorId))
    .where(eq(contestDraws.contestId, contest.id))
    .orderBy(desc(contestDraws.createdAt), desc(contestDraws.id))
    .limit(100);
  return rows.map(({ actorFirstName, actorEmail, createdAt, ...row }) => ({
    ...row,
    actor: actorFirstName || actorEmail,
    createdAt: createdAt.toISOString(),
  }));
}
