import { and, count, desc, eq, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  entryMessages,
  validateEntry,
  type EnterContestBody,
  type ImportResult,
} from '#shared/contracts/entries.ts';
import type { Db } from '#server/db/client.ts';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { contestNotFound, isContestId } from '#server/features/contests/service.ts';
import type { EntryWriter } from './entry-writer.ts';
import { emailKey, insertEntries, type EntryCandidate } from './insert-entries.ts';
import { containsText } from '#server/lib/search.ts';

export async function enterContest(
  writer: EntryWriter,
  contestId: string,
  input: EnterContestBody,
) {
  if (!isContestId(contestId)) throw contestNotFound();
  const outcome = await writer.submit(contestId, input);
  switch (outcome.status) {
    case 'accepted':
      return { ...outcome.entry, contestId };
    case 'not_found':
      throw contestNotFound();
    case 'ended':
      throw new AppError('CONFLICT', entryMessages.ended);
    case 'full':
      throw new AppError('CONFLICT', entryMessages.full);
    case 'duplicate':
      throw new AppError('CONFLICT', entryMessages.duplicate);
  }
}

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
};

type PageOptions = { limit?: number; cursor?: EntryCursor };

/** Newest first; `cursor` is the last entry of the previous page. */
function listNewestEntries(db: Db, contest: Contest, options: PageOptions) {
  return db
    .select(entryItem)
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, contest.id), olderThan(contestEntries, options.cursor)))
    .orderBy(desc(contestEntries.entryDate), desc(contestEntries.id))
    .limit(options.limit ?? ENTRY_PAGE_DEFAULT);
}

/** The contest's entries whose name or e-mail contains `search` (not blank). */
function whereMatching(contest: Contest, search: string) {
  return and(
    eq(contestEntries.contestId, contest.id),
    or(containsText(contestEntries.name, search), containsText(contestEntries.email, search)),
  );
}

async function countMatchingEntries(db: Db, contest: Contest, search: string) {
  const [row] = await db
    .select({ value: count() })
    .from(contestEntries)
    .where(whereMatching(contest, search));
  return row?.value ?? 0;
}

/**
 * A page of entries, newest first, and the total matching the search. A search reads every
 * entry of the contest whatever the page, so the page and the total come from one pass over the
 * matches (as two queries they cost two passes: 100,000 entries took twice the time). Without
 * one, the page comes from the (contest, date, id) index and the total from the counter.
 */
export async function listEntriesPage(
  db: Db,
  contest: Contest,
  options: PageOptions & { search?: string },
) {
  const search = options.search?.trim();
  if (!search) {
    return { entries: await listNewestEntries(db, contest, options), total: contest.entryCount };
  }
  const matching = db
    .$with('matching')
    .as(db.select(entryItem).from(contestEntries).where(whereMatching(contest, search)));
  const { id, name, email, entryDate } = matching;
  const rows = await db
    .with(matching)
    .select({
      id,
      name,
      email,
      entryDate,
      total: sql<number>`(select count(*) from ${matching})`.mapWith(Number),
    })
    .from(matching)
    .where(olderThan(matching, options.cursor))
    .orderBy(desc(entryDate), desc(id))
    .limit(options.limit ?? ENTRY_PAGE_DEFAULT);
  if (rows.length === 0) {
    // Past the last page the rows carry no total: count on its own (rare).
    return { entries: [], total: await countMatchingEntries(db, contest, search) };
  }
  return { entries: rows.map(({ total: _total, ...entry }) => entry), total: rows[0]!.total };
}

/** Errors listed in the answer; the counts stay exact beyond it. */
const MAX_REPORTED_ERRORS = 100;

/**
 * Imports `name,email` rows (header in any case and order; BOM, CRLF and quotes handled).
 * Invalid rows, repeated e-mails and rows past maxEntries are skipped and reported by line.
 */
export async function importEntries(db: Db, contest: Contest, csv: Buffer): Promise<ImportResult> {
  let records: string[][];
  try {
    // Blank lines are kept (and ignored below) so that each record's index is its row number.
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new AppError('BAD_REQUEST', `The file is not a valid CSV file: ${reason}`);
  }
  const isBlank = (record: string[]) => record.every((cell) => cell === '');
  const headerIndex = records.findIndex((record) => !isBlank(record));
  const header = (records[headerIndex] ?? []).map((cell) => cell.toLowerCase());
  const nameColumn = header.indexOf('name');
  const emailColumn = header.indexOf('email');
  if (nameColumn === -1 || emailColumn === -1) {
    throw new AppError(
      'BAD_REQUEST',
      'The CSV file needs a header row with name and email columns.',
    );
  }

  const errors: ImportResult['errors'] = [];
  const candidates: (EntryCandidate & { row: number })[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const skip = (row: number, message: string) => {
    skipped += 1;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, message });
  };
  records.forEach((record, index) => {
    if (index <= headerIndex || isBlank(record)) return;
    const row = index + 1; // the row number a spreadsheet shows, the first row being 1
    const parsed = validateEntry({ name: record[nameColumn], email: record[emailColumn] });
    if (!parsed.success) {
      return skip(row, parsed.errors.name ?? parsed.errors.email ?? 'Invalid row');
    }
    const key = emailKey(parsed.data.email);
    if (seen.has(key)) return skip(row, 'This email appears earlier in the file.');
    seen.add(key);
    candidates.push({ ...parsed.data, row });
  });

  const outcomes = await insertEntries(db, contest.id, candidates, { enforceSchedule: false });
  let imported = 0;
  outcomes.forEach((outcome, index) => {
    const { row } = candidates[index]!;
    if (outcome.status === 'accepted') imported += 1;
    else if (outcome.status === 'duplicate') skip(row, entryMessages.duplicate);
    else if (outcome.status === 'full') skip(row, entryMessages.full);
    else throw contestNotFound();
  });
  return { imported, skipped, errors };
}

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
export function exportFileName(title: string): string {
  const name = `${title}-entries.csv`;
  const ascii = name.replace(/[^\w .()-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
