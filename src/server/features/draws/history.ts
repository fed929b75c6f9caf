import { desc, eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestDraws, users, type Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import type { DrawHistoryItem } from '#shared/contracts/draws.ts';
import type { LockedContest } from './draw-rows.ts';

/**
 * A history record's time: now, but always after the contest's previous record. Records are
 * written under the contest's row lock, and a clock that counts whole milliseconds (PGlite)
 * would otherwise give a draw and the reset right after it the same time.
 */
const nextRecordTime = (contestId: string, order: number) =>
  sql`greatest(clock_timestamp(), (select max(${contestDraws.createdAt}) + interval '1 millisecond' from ${contestDraws} where ${contestDraws.contestId} = ${contestId})) + ${order} * interval '1 millisecond'`;

export type HistoryRecord = Pick<
  typeof contestDraws.$inferInsert,
  'entryId' | 'entrantName' | 'entrantEmail' | 'action' | 'reason'
>;

/**
 * Appends to the contest's private history. The contest's title and owner are copied: the record
 * stays when the contest is deleted (decision 016), and must still say which contest it was.
 */
export async function recordHistory(
  tx: Db,
  actor: SessionUser | null,
  { contest, ownerEmail }: LockedContest,
  records: HistoryRecord[],
): Promise<void> {
  // One statement: its subquery sees the history before it, so each record counts its order.
  await tx.insert(contestDraws).values(
    records.map((record, order) => ({
      ...record,
      contestId: contest.id,
      contestTitle: contest.title,
      contestOwnerEmail: ownerEmail,
      entryCount: contest.frozenEntryCount ?? contest.entryCount,
      actorId: actor?.id ?? null,
      createdAt: nextRecordTime(contest.id, order),
    })),
  );
}

/** The owner's draw history of a contest, newest first (the last 100 records). */
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
