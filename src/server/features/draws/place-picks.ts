import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestDraws, contestPicks, contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { drawMessages, type DrawMethod } from '#shared/contracts/draws.ts';
import { ENTRY_WITHDRAWN_REASON, WITHDRAWN_ENTRANT_NAME } from '#shared/contracts/me.ts';
import { drawNextPicks, toDisplayName, type DrawnPick } from '#shared/draw-protocol.ts';
import {
  currentWinners,
  emptyPositions,
  listEntrants,
  listPicks,
  type LockedContest,
  type PickRow,
} from './draw-rows.ts';
import { loadFrozenDraw } from './freeze.ts';
import { recordHistory } from './history.ts';
import { openClaims, type NoticeContext } from './winner-notices.ts';

/**
 * Writing picks and disqualifications, under the contest's row lock, in the caller's transaction:
 * what a draw, the owner's disqualification and a claim's loss (docs/product.md#claims) share.
 */

/**
 * The contest's winner fields follow the picks: `winnerId` is position 1 (the single winner of
 * docs/product.md#the-draw), `winners` the public names by position, and `redrawing` says the
 * places are being drawn again from a redraw of them all until every one is filled.
 */
export async function syncWinners(
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

export type Entrants = Awaited<ReturnType<typeof listEntrants>>;

/** The picks that stand as winners once written, and who every pick written landed on. */
export type Placed = { placed: DrawnPick[]; entrants: Entrants };

/**
 * Writes new picks into the empty places, lowest first, with their history records. A pick that
 * lands on an entry withdrawn after the freeze is disqualified at once and the next pick takes
 * its place (passOverWithdrawn); a pick by hand of one is refused. Answers the picks that stand,
 * in the order of their places, and the picked entrants.
 */
export async function placePicks(
  ctx: NoticeContext,
  tx: Db,
  actor: SessionUser | null,
  locked: LockedContest,
  picks: { drawn: DrawnPick[]; positions: number[]; method: DrawMethod; drawnAt: Date },
): Promise<Placed> {
  const { drawn, positions, method, drawnAt } = picks;
  const entrants = await listEntrants(
    tx,
    drawn.map((pick) => pick.entryId),
  );
  const isWithdrawn = (pick: DrawnPick) => entrants.get(pick.entryId)!.withdrawnAt !== null;
  if (method === 'manual' && drawn.some(isWithdrawn)) {
    throw new AppError('NOT_AN_ENTRY', drawMessages.notAnEntry);
  }
  await tx.insert(contestPicks).values(
    drawn.map((pick, order) => ({
      ...pick,
      contestId: locked.contest.id,
      position: positions[order]!,
      method,
      displayName: isWithdrawn(pick)
        ? WITHDRAWN_ENTRANT_NAME
        : toDisplayName(entrants.get(pick.entryId)!.name),
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
  const standing = drawn.flatMap((pick, order) =>
    isWithdrawn(pick) ? [] : [{ pick, position: positions[order]! }],
  );
  const next =
    standing.length < drawn.length
      ? await passOverWithdrawn(ctx, tx, locked, drawn.filter(isWithdrawn))
      : null;
  await syncWinners(tx, locked.contest);
  await openClaims(
    ctx,
    tx,
    locked.contest,
    standing.map(({ pick, position }) => ({
      p: pick.p,
      position,
      entryId: pick.entryId,
      email: entrants.get(pick.entryId)!.email,
    })),
    drawnAt,
  );
  return {
    placed: [...standing.map(({ pick }) => pick), ...(next?.placed ?? [])],
    entrants: new Map([...entrants, ...(next?.entrants ?? [])]),
  };
}

/**
 * Picks that landed on entries withdrawn after the freeze (docs/product.md#your-entries-me):
 * the entry keeps its leaf, so the sequence may land on it. Each such pick is disqualified at
 * once with the public reason `entry withdrawn`, and the next picks of the committed sequence
 * fill the places, exactly as after any disqualification (docs/draw-protocol.md#4-draw).
 */
async function passOverWithdrawn(
  ctx: NoticeContext,
  tx: Db,
  locked: LockedContest,
  landed: DrawnPick[],
): Promise<Placed> {
  const picks = await listPicks(tx, locked.contest.id);
  const landedOn = new Set(landed.map((pick) => pick.p));
  const passedOver = picks.filter((pick) => landedOn.has(pick.p));
  const drawnAt = await disqualifyPicks(tx, null, locked, passedOver, ENTRY_WITHDRAWN_REASON);
  const draw = await loadFrozenDraw(tx, locked.contest);
  const picked = new Set(picks.map((pick) => pick.entryId));
  const drawn = await drawNextPicks(nodeDrawHashes, draw, picked, picks.length + 1, landed.length);
  if (drawn.length === 0) return { placed: [], entrants: new Map() };
  const positions = emptyPositions(
    locked.contest.winnersCount,
    picks.map((pick) => (landedOn.has(pick.p) ? { ...pick, status: 'disqualified' } : pick)),
  );
  return placePicks(ctx, tx, null, locked, { drawn, positions, method: 'random', drawnAt });
}

/**
 * The time of a pick or a disqualification: the database's clock, never before the contest's
 * latest event and a millisecond after it, so the record's times replay in the order things
 * happened even when servers' clocks disagree or step back.
 */
export async function nextEventTime(tx: Db, contestId: string): Promise<Date> {
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

/**
 * Marks current winners disqualified, with the public reason and a history record each; answers
 * the disqualification's time.
 */
export async function disqualifyPicks(
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
export async function replaceWinner(
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
  // The protocol's rule for every pick: the first empty place (docs/draw-protocol.md#4-draw),
  // which is the one just emptied whenever the others are filled.
  const empty = emptyPositions(
    locked.contest.winnersCount,
    picks.map((pick) => (pick.p === winner.p ? { ...pick, status: 'disqualified' } : pick)),
  );
  const { placed, entrants } = await placePicks(ctx, tx, actor, locked, {
    drawn,
    positions: empty,
    method: 'random',
    drawnAt,
  });
  // No entry may be left once the picks that landed on withdrawn entries are passed over.
  return placed[0] ? entrants.get(placed[0].entryId)! : null;
}

/**
 * An entry withdrawn after the freeze (docs/product.md#your-entries-me), its row already erased by
 * the caller: its leaf stays, so the record still verifies, and its picks show it as withdrawn. A
 * place it holds is lost with the public reason `entry withdrawn` to the next pick of the
 * committed sequence, who is notified; later picks that land on it are passed over (placePicks).
 * The owner's history keeps neither its name nor its address. No one acts: no actor is named.
 */
export async function withdrawFromDraw(
  ctx: NoticeContext,
  tx: Db,
  { locked, picks }: { locked: LockedContest; picks: PickRow[] },
  entryId: string,
): Promise<void> {
  await tx
    .update(contestPicks)
    .set({ displayName: WITHDRAWN_ENTRANT_NAME })
    .where(and(eq(contestPicks.contestId, locked.contest.id), eq(contestPicks.entryId, entryId)));
  const winner = currentWinners(picks).find((pick) => pick.entryId === entryId);
  if (winner) await replaceWinner(ctx, tx, null, { locked, picks, winner }, ENTRY_WITHDRAWN_REASON);
  await tx
    .update(contestDraws)
    .set({ entrantName: WITHDRAWN_ENTRANT_NAME, entrantEmail: null })
    .where(eq(contestDraws.entryId, entryId));
}
