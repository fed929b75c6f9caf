import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestDraws, contestEntries, contests, users, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import {
  drawMessages,
  WHEEL_LABEL_LIMIT,
  type DrawHistoryItem,
  type DrawResult,
  type WheelData,
} from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';

/**
 * A history record's time: now, but always after the contest's previous record. Records are
 * written under the contest's row lock, and a clock that counts whole milliseconds (PGlite)
 * would otherwise give a draw and the reset right after it the same time.
 */
const nextRecordTime = (contestId: string) =>
  sql`greatest(clock_timestamp(), (select max(${contestDraws.createdAt}) + interval '1 millisecond' from ${contestDraws} where ${contestDraws.contestId} = ${contestId}))`;

/** The wheel's order, and the draw's: oldest entry first. */
const wheelOrder = [asc(contestEntries.entryDate), asc(contestEntries.id)];

/**
 * How many entries come before this one in the wheel's order: its slice. The entry's date is read
 * in SQL, not sent back from a JavaScript Date: rows stored before dates were cut to the
 * millisecond keep their microseconds, which a Date would lose (and misplace the slice).
 */
async function positionOf(db: Db, contestId: string, entry: { id: string }) {
  const [row] = await db
    .select({ before: sql<number>`count(*)::int` })
    .from(contestEntries)
    .where(
      and(
        eq(contestEntries.contestId, contestId),
        sql`(${contestEntries.entryDate}, ${contestEntries.id}) < (select e.entry_date, e.id from contest_entries e where e.id = ${entry.id})`,
      ),
    );
  return row?.before ?? 0;
}

/**
 * The contest's row, locked until the transaction ends, so draws and resets take turns; with
 * what its history records need. Only the contest's row is locked, not its owner's.
 */
async function lockContest(tx: Db, contestId: string) {
  const [locked] = await tx
    .select({
      id: contests.id,
      title: contests.title,
      ownerEmail: users.email,
      winnerId: contests.winnerId,
      entryCount: contests.entryCount,
    })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(eq(contests.id, contestId))
    .for('update', { of: contests });
  return locked;
}

type LockedContest = NonNullable<Awaited<ReturnType<typeof lockContest>>>;
type DrawRecord = Pick<
  typeof contestDraws.$inferInsert,
  'entryId' | 'entrantName' | 'entrantEmail' | 'action'
>;

/**
 * Appends to the contest's history. The contest's title and owner are copied: the record stays
 * when the contest is deleted (decision 016), and must still say which contest it was.
 */
async function recordDraw(
  tx: Db,
  actor: SessionUser,
  contest: LockedContest,
  record: DrawRecord,
): Promise<void> {
  await tx.insert(contestDraws).values({
    ...record,
    contestId: contest.id,
    contestTitle: contest.title,
    contestOwnerEmail: contest.ownerEmail,
    entryCount: contest.entryCount,
    actorId: actor.id,
    createdAt: nextRecordTime(contest.id),
  });
}

/**
 * Draws (or, given winnerId, records a manual pick) under the contest's row lock, so two clicks
 * cannot produce two winners. A random draw is uniform: `crypto.randomInt` has no modulo bias.
 */
export async function drawWinner(
  { db }: DbContext,
  user: SessionUser,
  contest: Contest,
  winnerId: string | undefined,
): Promise<DrawResult> {
  return db.transaction(async (tx) => {
    const locked = await lockContest(tx, contest.id);
    if (!locked) throw contestNotFound();
    if (locked.winnerId) throw new AppError('ALREADY_DRAWN', drawMessages.alreadyDrawn);
    if (locked.entryCount === 0) throw new AppError('NO_ENTRIES', drawMessages.noEntries);

    let index: number;
    let winner: { id: string; name: string; email: string; entryDate: Date } | undefined;
    if (winnerId) {
      [winner] = isUuid(winnerId)
        ? await tx
            .select()
            .from(contestEntries)
            .where(and(eq(contestEntries.id, winnerId), eq(contestEntries.contestId, contest.id)))
        : [];
      if (!winner) throw new AppError('NOT_AN_ENTRY', drawMessages.notAnEntry);
      index = await positionOf(tx, contest.id, winner);
    } else {
      index = randomInt(locked.entryCount);
      [winner] = await tx
        .select()
        .from(contestEntries)
        .where(eq(contestEntries.contestId, contest.id))
        .orderBy(...wheelOrder)
        .offset(index)
        .limit(1);
      if (!winner) throw new AppError('NO_ENTRIES', drawMessages.noEntries);
    }

    const [updated] = await tx
      .update(contests)
      .set({ winnerId: winner.id, winnerSelectedAt: new Date() })
      .where(eq(contests.id, contest.id))
      .returning({ winnerSelectedAt: contests.winnerSelectedAt });
    const method = winnerId ? 'manual' : 'random';
    await recordDraw(tx, user, locked, {
      entryId: winner.id,
      entrantName: winner.name,
      entrantEmail: winner.email,
      action: method,
    });
    return {
      winner: { id: winner.id, name: winner.name, email: winner.email },
      winnerSelectedAt: updated!.winnerSelectedAt!.toISOString(),
      method,
      entryCount: locked.entryCount,
      index,
    };
  });
}

export async function resetWinner(
  { db }: DbContext,
  user: SessionUser,
  contest: Contest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockContest(tx, contest.id);
    if (!locked?.winnerId) throw new AppError('NO_WINNER', drawMessages.noWinner);
    const [previous] = await tx
      .select({ name: contestEntries.name, email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.id, locked.winnerId));
    await tx
      .update(contests)
      .set({ winnerId: null, winnerSelectedAt: null })
      .where(eq(contests.id, contest.id));
    await recordDraw(tx, user, locked, {
      entryId: locked.winnerId,
      entrantName: previous?.name ?? null,
      entrantEmail: previous?.email ?? null,
      action: 'reset',
    });
  });
}

export async function getWheel({ db }: DbContext, contest: Contest): Promise<WheelData> {
  const labels =
    contest.entryCount <= WHEEL_LABEL_LIMIT
      ? (
          await db
            .select({ name: contestEntries.name })
            .from(contestEntries)
            .where(eq(contestEntries.contestId, contest.id))
            .orderBy(...wheelOrder)
        ).map((row) => row.name)
      : null;
  let winnerIndex: number | null = null;
  if (contest.winnerId) {
    const [winner] = await db
      .select({ id: contestEntries.id })
      .from(contestEntries)
      .where(eq(contestEntries.id, contest.winnerId));
    if (winner) winnerIndex = await positionOf(db, contest.id, winner);
  }
  return { count: labels?.length ?? contest.entryCount, labels, winnerIndex };
}

export async function listDraws({ db }: DbContext, contest: Contest): Promise<DrawHistoryItem[]> {
  const rows = await db
    .select({
      id: contestDraws.id,
      action: contestDraws.action,
      entrantName: contestDraws.entrantName,
      entrantEmail: contestDraws.entrantEmail,
      entryCount: contestDraws.entryCount,
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
