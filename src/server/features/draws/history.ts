import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestDraws } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
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
