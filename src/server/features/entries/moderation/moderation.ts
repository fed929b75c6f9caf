import { and, eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import {
  entryListFilters,
  type ContestEntryItem,
  type EntryListFilter,
  type EntrySummary,
} from '#shared/contracts/entries.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import { flagReviewMessages, type DrawDecision } from '#shared/contracts/flag-review.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { isOwnerListed } from '../core/owner-listed.ts';
import { describeEntries, whereFiltered } from './list-entries.ts';
import { lockUnfrozenContest } from './unfrozen-contest.ts';

const entryNotFound = () => new AppError('NOT_FOUND', 'Entry not found');

/**
 * The owner's counts, one per filter of the list, each counted with the filter's own condition
 * in one pass over the contest's entries: the number beside a filter is what it lists.
 */
export async function summarizeEntries({ db }: DbContext, contest: Contest): Promise<EntrySummary> {
  const countOf = (filter: EntryListFilter) =>
    sql<number>`count(*) filter (where ${whereFiltered(filter) ?? sql`true`})`.mapWith(Number);
  const [row] = await db
    .select(
      Object.fromEntries(entryListFilters.map((filter) => [filter, countOf(filter)])) as Record<
        EntryListFilter,
        ReturnType<typeof countOf>
      >,
    )
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contest.id), isOwnerListed));
  return Object.fromEntries(
    entryListFilters.map((filter) => [filter, row?.[filter] ?? 0]),
  ) as EntrySummary;
}

/**
 * Runs `change` on one entry of the contest under the contest's row lock (the lock every entry
 * and confirmation takes), refusing once the draw has frozen the entries it draws from.
 */
async function changeEntry<T>(
  db: Db,
  contest: Contest,
  entryId: string,
  change: (tx: Db, entry: typeof contestEntries.$inferSelect) => Promise<T>,
): Promise<T> {
  if (!isUuid(entryId)) throw entryNotFound();
  return db.transaction(async (tx) => {
    if (!(await lockUnfrozenContest(tx, contest.id))) throw entryNotFound();
    const [entry] = await tx
      .select()
      .from(contestEntries)
      .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contest.id)));
    if (!entry) throw entryNotFound();
    return change(tx, entry);
  });
}

/** Removes an entry (the owner judged it fake); a confirmed one frees its place. */
export async function removeEntry({ db }: DbContext, contest: Contest, entryId: string) {
  await changeEntry(db, contest, entryId, async (tx, entry) => {
    await tx.delete(contestEntries).where(eq(contestEntries.id, entry.id));
    if (entry.status === 'confirmed') {
      await tx.execute(
        sql`update contests set entry_count = entry_count - 1 where id = ${contest.id}`,
      );
    }
  });
}

/**
 * Clears one flag (the owner judged the entry genuine). An alias cannot be cleared: the entry
 * reaches the same mailbox as another of the contest, so one of the two must go instead.
 */
export async function clearEntryFlag(
  { db }: DbContext,
  contest: Contest,
  entryId: string,
  flag: EntryFlag,
): Promise<ContestEntryItem> {
  if (flag === 'alias') {
    throw new AppError(
      'BAD_REQUEST',
      'An alias reaches the same mailbox as another entry: remove one of the two instead.',
    );
  }
  return changeEntry(db, contest, entryId, async (tx, entry) => {
    const [updated] = await tx
      .update(contestEntries)
      .set({
        flags: sql`array_remove(${contestEntries.flags}, ${flag})`,
        // An entry cleared of its last flag is an ordinary entry again: no decision to keep.
        drawDecision: sql`case when cardinality(array_remove(${contestEntries.flags}, ${flag})) = 0
          then null else ${contestEntries.drawDecision} end`,
      })
      .where(eq(contestEntries.id, entry.id))
      .returning();
    return listEntry(tx, contest, updated!);
  });
}

/**
 * The owner's decision for one flagged entry: in the draw or out, whatever the contest's rule for
 * its flags says. An entry without flags is always drawn from: the owner removes one they doubt.
 */
export async function setEntryDrawDecision(
  { db }: DbContext,
  contest: Contest,
  entryId: string,
  decision: DrawDecision,
): Promise<ContestEntryItem> {
  return changeEntry(db, contest, entryId, async (tx, entry) => {
    if (entry.flags.length === 0) {
      throw new AppError('BAD_REQUEST', flagReviewMessages.notFlagged);
    }
    const [updated] = await tx
      .update(contestEntries)
      .set({ drawDecision: decision })
      .where(eq(contestEntries.id, entry.id))
      .returning();
    return listEntry(tx, contest, updated!);
  });
}

/** One entry as the owner's list shows it. */
async function listEntry(
  tx: Db,
  contest: Contest,
  row: typeof contestEntries.$inferSelect,
): Promise<ContestEntryItem> {
  const { id, name, email, entryDate, status, flags, drawDecision, referredBy, country } = row;
  const [item] = await describeEntries(tx, contest, [
    {
      id,
      name,
      email,
      entryDate,
      status,
      flags,
      drawDecision,
      referredBy,
      country,
      consentAt: row.consentWithdrawnAt ? null : row.consentAt,
    },
  ]);
  return {
    ...item!,
    entryDate: entryDate.toISOString(),
    consentAt: item!.consentAt?.toISOString() ?? null,
  };
}
