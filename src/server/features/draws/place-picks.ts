import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestPicks, contests, type Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import type { DrawMethod } from '#shared/contracts/draws.ts';
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

/**
 * Writes new picks into the empty places, lowest first, with their history records; answers the
 * picked entrants.
 */
export async function placePicks(
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
  const entrants = await placePicks(ctx, tx, actor, locked, {
    drawn,
    positions: empty,
    method: 'random',
    drawnAt,
  });
  return entrants.get(drawn[0]!.entryId)!;
}
