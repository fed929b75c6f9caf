import { Readable } from 'node:stream';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { countedReferrals, weightOf } from '#server/lib/referral-counts.ts';
import { standingConsentAt } from '../core/consent.ts';
import { isOwnerListed } from '../core/owner-listed.ts';

const EXPORT_BATCH = 5000;

/** A spreadsheet would run a cell starting with = + - @ tab or CR as a formula: made plain text. */
function neutralised(value: SQLWrapper): SQL {
  return sql`case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${value} else ${value} end`;
}

/**
 * One CSV field, always quoted (RFC 4180): Excel in locales whose list separator is `;` splits
 * an unquoted `x;=HYPERLINK(...)` at the `;` and runs the second cell as a formula.
 */
function csvField(value: SQLWrapper): SQL {
  return sql`'"' || replace(${value}, '"', '""') || '"'`;
}

type Key = { exactDate: string; id: string };

/**
 * The next batch after `after`, as CSV text built by the database: in Node, parsing every row
 * and writing it out again cost more CPU than the database's whole query, and made a
 * million-row export take half a minute. Also the batch's row count and last key.
 */
async function readBatch(db: Db, contest: Contest, after: Key | undefined) {
  const contestId = contest.id;
  const batch = db
    .select({
      id: contestEntries.id,
      name: contestEntries.name,
      email: contestEntries.email,
      entryDate: contestEntries.entryDate,
      status: contestEntries.status,
      flags: contestEntries.flags,
      country: contestEntries.country,
      consentAt: standingConsentAt().as('consent_at'),
      // An index probe per entry (docs/product.md#referrals): none for most of them.
      referrals: sql<number>`coalesce((select counted.referrals
        from ${countedReferrals(contestId, sql`friend.referred_by = contest_entries.id`)} counted), 0)`.as(
        'referrals',
      ),
    })
    .from(contestEntries)
    .where(
      and(
        eq(contestEntries.contestId, contestId),
        isOwnerListed,
        after
          ? sql`(${contestEntries.entryDate}, ${contestEntries.id}) > (${after.exactDate}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(contestEntries.entryDate, contestEntries.id)
    .limit(EXPORT_BATCH)
    .as('batch');
  // Exactly what Date#toISOString() writes.
  const isoText = (value: SQLWrapper) =>
    sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const isoDate = isoText(batch.entryDate);
  // Our own words (docs/product.md#trusted-leads), never a formula: quoted, not neutralised.
  const flags = sql`array_to_string(${batch.flags}, ';')`;
  const weight = weightOf(sql`${batch.referrals}`, contest);
  const consentDate = sql`coalesce(${isoText(batch.consentAt)}, '')`;
  const consent = sql`case when ${batch.consentAt} is null then 'no' else 'yes' end`;
  const line = sql`${csvField(neutralised(batch.name))} || ',' || ${csvField(neutralised(batch.email))} || ',' || ${csvField(isoDate)} || ',' || ${csvField(batch.status)} || ',' || ${csvField(flags)} || ',' || ${csvField(sql`${batch.referrals}::text`)} || ',' || ${csvField(sql`(${weight})::text`)} || ',' || ${csvField(sql`coalesce(${batch.country}, '')`)} || ',' || ${csvField(consent)} || ',' || ${csvField(consentDate)} || chr(13) || chr(10)`;
  const newestFirst = sql`order by ${batch.entryDate} desc, ${batch.id} desc`;
  const [result] = await db
    .select({
      csv: sql<string | null>`string_agg(${line}, '' order by ${batch.entryDate}, ${batch.id})`,
      rows: sql<number>`count(*)`.mapWith(Number),
      // The key keeps the stored date exactly (as text): a JavaScript Date drops microseconds,
      // and a key a little before the stored date would read the same rows again, forever.
      exactDate: sql<string>`(array_agg(${batch.entryDate}::text ${newestFirst}))[1]`,
      id: sql<string>`(array_agg(${batch.id} ${newestFirst}))[1]`,
    })
    .from(batch);
  return result!;
}

/** Entries as CSV, read in keyset batches: memory stays flat whatever the contest's size. */
export function exportEntriesCsv(db: Db, contest: Contest): Readable {
  async function* chunks() {
    // A BOM so Excel reads UTF-8 names correctly; CRLF as RFC 4180 and Excel expect.
    yield '\uFEFF"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"\r\n';
    let after: Key | undefined;
    for (;;) {
      const batch = await readBatch(db, contest, after);
      if (batch.csv) yield batch.csv;
      if (batch.rows < EXPORT_BATCH) return;
      after = { exactDate: batch.exactDate, id: batch.id };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
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
