import {
  and,
  count,
  desc,
  eq,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { containsText } from '#server/lib/search.ts';
import type { EntryListFilter } from '#shared/contracts/entries.ts';
import { withConfirmationMails } from '../confirmation/confirmation-mails.ts';
import { standingConsentAt } from '../core/consent.ts';
import { isOwnerListed } from '../core/owner-listed.ts';
import { withReferrals } from '../referrals/referrals.ts';
import { withDrawStanding } from './flag-review.ts';

export const ENTRY_PAGE_DEFAULT = 200;
export const ENTRY_PAGE_MAX = 1000;

type EntryCursor = { entryDate: Date; id: string };
type EntryColumns = { entryDate: SQLWrapper; id: SQLWrapper };

/** Entries older than the cursor (the last entry of the previous page), newest first. */
function olderThan(columns: EntryColumns, cursor: EntryCursor | undefined): SQL | undefined {
  return cursor
    ? or(
        lt(columns.entryDate, cursor.entryDate),
        and(eq(columns.entryDate, cursor.entryDate), lt(columns.id, cursor.id)),
      )
    : undefined;
}

const entryItem = {
  id: contestEntries.id,
  name: contestEntries.name,
  email: contestEntries.email,
  entryDate: contestEntries.entryDate,
  status: contestEntries.status,
  flags: contestEntries.flags,
  drawDecision: contestEntries.drawDecision,
  referredBy: contestEntries.referredBy,
  country: contestEntries.country,
  consentAt: standingConsentAt()
    .mapWith((value: string | Date | null) => (value === null ? null : new Date(value)))
    .as('consent_at'),
};

type PageOptions = { limit?: number; cursor?: EntryCursor; filter?: EntryListFilter };

/** The entries a filter keeps (every one for `all`): the list's and the summary's counts. */
export function whereFiltered(filter: EntryListFilter | undefined): SQL | undefined {
  switch (filter) {
    case 'pending':
    case 'confirmed':
      return eq(contestEntries.status, filter);
    case 'flagged':
      return sql`cardinality(${contestEntries.flags}) > 0`;
    case 'referred':
      return isNotNull(contestEntries.referredBy);
    default:
      return undefined;
  }
}

type ListedRow = Awaited<ReturnType<typeof listNewestEntries>>[number];

/**
 * What the owner reads beside each entry: its referrals, its mail, whether it is drawn from, and
 * whether the entrant's marketing consent stands.
 */
export async function describeEntries(db: Db, contest: Contest, entries: ListedRow[]) {
  const described = await withConfirmationMails(
    db,
    await withReferrals(db, contest, withDrawStanding(contest, entries)),
  );
  return described.map((entry) => ({
    ...entry,
    consent: entry.consentAt ? ('yes' as const) : ('no' as const),
  }));
}

/** Newest first; `cursor` is the last entry of the previous page. */
function listNewestEntries(db: Db, contest: Contest, options: PageOptions) {
  return db
    .select(entryItem)
    .from(contestEntries)
    .where(
      and(
        eq(contestEntries.contestId, contest.id),
        isOwnerListed,
        whereFiltered(options.filter),
        olderThan(contestEntries, options.cursor),
      ),
    )
    .orderBy(desc(contestEntries.entryDate), desc(contestEntries.id))
    .limit(options.limit ?? ENTRY_PAGE_DEFAULT);
}

/** The contest's entries kept by the filter and, when given, containing `search`. */
function whereMatching(contest: Contest, search: string | undefined, filter?: EntryListFilter) {
  return and(
    eq(contestEntries.contestId, contest.id),
    isOwnerListed,
    whereFiltered(filter),
    search
      ? or(containsText(contestEntries.name, search), containsText(contestEntries.email, search))
      : undefined,
  );
}

async function countMatchingEntries(
  db: Db,
  contest: Contest,
  search: string | undefined,
  filter?: EntryListFilter,
) {
  const [row] = await db
    .select({ value: count() })
    .from(contestEntries)
    .where(whereMatching(contest, search, filter));
  return row?.value ?? 0;
}

/**
 * A page of entries, newest first, and the total matching the search. A search reads every
 * entry of the contest whatever the page, so the page and the total come from one pass over the
 * matches (as two queries they cost two passes: 100,000 entries took twice the time). Without
 * one, the page comes from the (contest, date, id) index and the total from the counter.
 */
export async function listEntriesPage(
  { db }: DbContext,
  contest: Contest,
  options: PageOptions & { search?: string },
) {
  const search = options.search?.trim();
  const filter = options.filter === 'all' ? undefined : options.filter;
  if (!search) {
    const entries = await listNewestEntries(db, contest, { ...options, filter });
    // The counter holds the confirmed entries, pending ones are few (and indexed); a filter's
    // list is counted.
    const total = filter
      ? await countMatchingEntries(db, contest, undefined, filter)
      : contest.entryCount + (await countMatchingEntries(db, contest, undefined, 'pending'));
    return { entries: await describeEntries(db, contest, entries), total };
  }
  const matching = db.$with('matching').as(
    db
      .select(entryItem)
      .from(contestEntries)
      .where(whereMatching(contest, search, filter)),
  );
  // The page's columns, read from the search's matches.
  const columns = Object.fromEntries(
    Object.keys(entryItem).map((key) => [key, matching[key as keyof typeof entryItem]]),
  ) as Pick<typeof matching, keyof typeof entryItem>;
  const rows = await db
    .with(matching)
    .select({
      ...columns,
      total: sql<number>`(select count(*) from ${matching})`.mapWith(Number),
    })
    .from(matching)
    .where(olderThan(matching, options.cursor))
    .orderBy(desc(columns.entryDate), desc(columns.id))
    .limit(options.limit ?? ENTRY_PAGE_DEFAULT);
  if (rows.length === 0) {
    // Past the last page the rows carry no total: count on its own (rare).
    return { entries: [], total: await countMatchingEntries(db, contest, search, filter) };
  }
  const entries = rows.map(({ total: _total, ...entry }) => entry);
  return { entries: await describeEntries(db, contest, entries), total: rows[0]!.total };
}
