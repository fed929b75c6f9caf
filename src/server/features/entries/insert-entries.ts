import { and, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests } from '#server/db/schema.ts';

export type EntryCandidate = { name: string; email: string };

export type EntryOutcome =
  | { status: 'accepted'; entry: { id: string; name: string; entryDate: Date } }
  | { status: 'duplicate' | 'full' | 'ended' | 'not_found' };

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Rows per INSERT. The rows travel as two array parameters (unnest), so the statement's size
 * does not grow with them; the chunk only bounds one statement's work and memory.
 */
const INSERT_CHUNK = 5000;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Entry dates are stored to the millisecond, the precision of a JavaScript Date: the list's
 * `{entryDate}_{id}` cursor then names a stored value exactly. (With now()'s microseconds,
 * every entry of one batch shares a date the cursor cannot express, and paging loses them.)
 */
const entryDateNow = sql`date_trunc('milliseconds', now())`;

/**
 * Inserts candidates in order, within one transaction holding the contest's row lock, so the
 * capacity check and the counter update see every other writer's committed work (any instance).
 * The unique index decides duplicates (ON CONFLICT DO NOTHING), including within the batch.
 * `enforceSchedule` applies the entering rules (active and before the end, by the database
 * clock); an owner's import skips them but still respects maxEntries and the draw's freeze.
 */
export async function insertEntries(
  db: Db,
  contestId: string,
  candidates: EntryCandidate[],
  options: { enforceSchedule: boolean },
): Promise<EntryOutcome[]> {
  return db.transaction(async (tx) => {
    const [contest] = await tx
      .select({
        maxEntries: contests.maxEntries,
        entryCount: contests.entryCount,
        isOpen: sql<boolean>`${contests.isActive} and now() < ${contests.endDate}`,
        // The first draw froze the list it draws from: no entry joins it, imported or not.
        isFrozen: sql<boolean>`${contests.frozenAt} is not null`,
        // now() is the transaction's start: the date of every entry this transaction inserts.
        entryDate: sql<Date>`${entryDateNow}`.mapWith(contestEntries.entryDate),
      })
      .from(contests)
      .where(eq(contests.id, contestId))
      .for('update');
    if (!contest) return candidates.map(() => ({ status: 'not_found' as const }));
    if (contest.isFrozen || (options.enforceSchedule && !contest.isOpen)) {
      return candidates.map(() => ({ status: 'ended' as const }));
    }

    const outcomes: EntryOutcome[] = new Array(candidates.length);
    let remaining =
      contest.maxEntries === null ? Infinity : contest.maxEntries - contest.entryCount;
    // Near capacity each INSERT takes at most `remaining` rows, and with many of them already
    // entered it fills a place or two per statement: one row each, at worst. Setting the stored
    // ones aside first (one query) lets the next statement fill every place left. A batch that
    // fits, the usual case, skips the query.
    const open =
      remaining > 0 && remaining < candidates.length
        ? await setAsideStored(tx, contestId, candidates, outcomes)
        : candidates.map((_, index) => index);
    let next = 0;
    let inserted = 0;
    while (next < open.length && remaining > 0) {
      const positions = open.slice(next, next + Math.min(INSERT_CHUNK, remaining));
      const chunk = positions.map((position) => candidates[position]!);
      const rows = await insertChunk(tx, contestId, chunk);
      assignOutcomes(outcomes, positions, chunk, rows, contest.entryDate);
      inserted += rows.length;
      remaining -= rows.length;
      next += positions.length;
    }
    for (const position of open.slice(next)) outcomes[position] = { status: 'full' };
    if (inserted > 0) {
      await tx.execute(
        sql`update contests set entry_count = entry_count + ${inserted} where id = ${contestId}`,
      );
    }
    return outcomes;
  });
}

/**
 * Marks the candidates whose e-mail is already entered as duplicates (compared as the unique
 * index compares them) and returns the positions of the others.
 */
async function setAsideStored(
  tx: Transaction,
  contestId: string,
  candidates: EntryCandidate[],
  outcomes: EntryOutcome[],
): Promise<number[]> {
  const stored = await tx
    .select({ email: sql<string>`candidate.email` })
    .from(
      sql`unnest(${sql.param(candidates.map((candidate) => candidate.email))}::text[]) as candidate(email)`,
    )
    .where(
      exists(
        tx
          .select({ found: sql`1` })
          .from(contestEntries)
          .where(
            and(
              eq(contestEntries.contestId, contestId),
              sql`lower(btrim(${contestEntries.email})) = lower(btrim(candidate.email))`,
            ),
          ),
      ),
    );
  const storedEmails = new Set(stored.map((row) => row.email));
  const open: number[] = [];
  candidates.forEach((candidate, position) => {
    if (storedEmails.has(candidate.email)) outcomes[position] = { status: 'duplicate' };
    else open.push(position);
  });
  return open;
}

function insertChunk(tx: Transaction, contestId: string, chunk: EntryCandidate[]) {
  // One parameter per column, not per row: building and sending 3 parameters per row cost
  // more than the insert itself (a 100,000-row import spent most of its time there).
  const rows = sql`unnest(${sql.param(chunk.map((candidate) => candidate.name))}::text[], ${sql.param(chunk.map((candidate) => candidate.email))}::text[]) as candidate(name, email)`;
  return (
    tx
      .insert(contestEntries)
      .select(
        // Every column in the table's order, as an INSERT ... SELECT needs (the id's default).
        tx
          .select({
            id: sql`time_ordered_uuid()`.as('id'),
            contestId: sql`${contestId}::uuid`.as('contest_id'),
            name: sql`candidate.name`.as('name'),
            email: sql`candidate.email`.as('email'),
            entryDate: entryDateNow.as('entry_date'),
          })
          .from(rows),
      )
      .onConflictDoNothing()
      // Only what tells the rows apart: reading back 100,000 names and dates cost an import on
      // the embedded database ~0.4 s of its ~3 s. The name is the candidate's, the date the
      // transaction's.
      .returning({ id: contestEntries.id, email: contestEntries.email })
  );
}

/**
 * The first candidate of each inserted e-mail was accepted; every other one was a duplicate.
 * `positions` are the chunk's candidates' places in `outcomes`. Every inserted row must match a
 * candidate: otherwise the counter and the answers would disagree with the table (emailKey must
 * fold letters as the unique index's lower() does), so the whole transaction is rolled back
 * instead.
 */
function assignOutcomes(
  outcomes: EntryOutcome[],
  positions: number[],
  chunk: EntryCandidate[],
  rows: { id: string; email: string }[],
  entryDate: Date,
) {
  const insertedByKey = new Map(rows.map((row) => [emailKey(row.email), row]));
  let accepted = 0;
  chunk.forEach((candidate, index) => {
    const key = emailKey(candidate.email);
    const row = insertedByKey.get(key);
    if (row) {
      insertedByKey.delete(key);
      accepted += 1;
      outcomes[positions[index]!] = {
        status: 'accepted',
        entry: { id: row.id, name: candidate.name, entryDate },
      };
    } else {
      outcomes[positions[index]!] = { status: 'duplicate' };
    }
  });
  if (accepted !== rows.length) {
    throw new Error(`${rows.length} entries inserted, ${accepted} matched to their candidates`);
  }
}
