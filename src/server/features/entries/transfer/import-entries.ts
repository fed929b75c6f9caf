import { finished } from 'node:stream/promises';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse';
import type { Config } from '#server/config.ts';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { CSV_IMPORT_MAX_ROWS } from '#shared/constants.ts';
import { validateEntry, type ImportResult } from '#shared/contracts/entries.ts';
import {
  columnsFit,
  detectDelimiter,
  findImportColumns,
  importMessages,
  nameOf,
  type CsvDelimiter,
  type ImportColumns,
} from '#shared/contracts/entry-import.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { emailKey, isThrowawayAddress } from '../core/email-identity.ts';
import type { EntryCandidate, EntryOutcome } from '../core/entry-batch.ts';
import { contestEnded, drawStarting } from '../core/entry-refusals.ts';
import { insertEntries } from '../write/insert-entries.ts';

/** Errors listed in the answer; the counts stay exact beyond it. */
const MAX_REPORTED_ERRORS = 100;

/**
 * Bytes of the file parsed and checked per turn of the event loop. In one go, a 5 MB file of
 * short rows held every other request for over a second; a slice takes a few milliseconds.
 */
const PARSE_SLICE_BYTES = 64 * 1024;

/**
 * How long one transaction of an import should hold the contest's row lock, and on the embedded
 * database the whole database: every other request waits that long at most. Its rows follow
 * from the time the last transaction took, so a loaded machine writes smaller ones: 5,000 rows
 * took 0.2-0.3 s on an idle machine and up to 0.9 s on a loaded one (decision 014).
 */
const IMPORT_TRANSACTION_MS = 100;
const IMPORT_TRANSACTION_ROWS = { first: 1000, min: 500, max: 5000 };

const isBlank = (record: string[]) => record.every((cell) => cell === '');

/** The answer's skipped rows: all of them counted, the first MAX_REPORTED_ERRORS listed. */
type SkippedRows = Pick<ImportResult, 'skipped' | 'errors'>;

function skipRow(skipped: SkippedRows, row: number, message: string) {
  skipped.skipped += 1;
  if (skipped.errors.length < MAX_REPORTED_ERRORS) skipped.errors.push({ row, message });
}

function tooManyRows() {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file has more than ${CSV_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  );
}

const missingHeader = () => new AppError('BAD_REQUEST', importMessages.missingColumns);

/**
 * The columns the rows are read from: the owner's choice when the upload names one (it must fit
 * the header row), else the ones the header row names (docs/product.md#csv-import-and-export).
 */
function columnsOf(header: string[], chosen: ImportColumns | undefined): ImportColumns {
  if (chosen) {
    if (!columnsFit(chosen, header)) throw new AppError('BAD_REQUEST', importMessages.badColumns);
    return chosen;
  }
  const found = findImportColumns(header);
  if (!found) throw missingHeader();
  return found;
}

/** Why a row's name or e-mail was refused, quoting the value so the owner can find it. */
function rowProblem(name: string, email: string, errors: { name?: string; email?: string }) {
  if (errors.name) return importMessages.about(name, errors.name);
  return email ? importMessages.notAnEmail(email) : importMessages.emptyEmail;
}

/** The separator, from the file's first line (a slice is enough: the header is short). */
const delimiterOf = (csv: Buffer): CsvDelimiter =>
  detectDelimiter(csv.subarray(0, PARSE_SLICE_BYTES).toString('utf8'));

/**
 * The file's records a slice of bytes at a time, blank lines included (a record's position is
 * its row number), with a turn of the event loop between slices.
 */
async function* readCsvSlices(csv: Buffer): AsyncGenerator<string[][]> {
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(csv),
    relax_column_count: true,
    trim: true,
    max_record_size: 64 * 1024,
  });
  let records: string[][] = [];
  parser.on('data', (record: string[]) => records.push(record));
  // Seen by `finished` below: the parser stops at its first error.
  parser.on('error', () => {});
  for (let offset = 0; offset < csv.length && !parser.destroyed; offset += PARSE_SLICE_BYTES) {
    parser.write(csv.subarray(offset, offset + PARSE_SLICE_BYTES));
    yield records;
    records = [];
    await nextTurnOfEventLoop();
  }
  parser.end();
  await finished(parser).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new AppError('BAD_REQUEST', `The file is not a valid CSV file: ${reason}`);
  });
  yield records;
}

/**
 * The file's valid rows, each e-mail once, with the row number a spreadsheet shows (the first
 * row being 1); invalid and repeated rows are skipped. Rows are checked slice by slice as they
 * are parsed, and a file without the header or with more data rows than an import takes is
 * refused as soon as that shows. Nothing is written before the whole file has parsed.
 */
async function readCandidates(
  csv: Buffer,
  chosen: ImportColumns | undefined,
  skipped: SkippedRows,
  allowedDomains: ReadonlySet<string>,
) {
  const candidates: (EntryCandidate & { row: number })[] = [];
  /** Each folded e-mail's first row. */
  const seen = new Map<string, number>();
  let columns: ImportColumns | undefined;
  let row = 0;
  let dataRows = 0;
  for await (const records of readCsvSlices(csv)) {
    for (const record of records) {
      row += 1;
      if (isBlank(record)) continue;
      if (!columns) {
        columns = columnsOf(record, chosen);
        continue;
      }
      dataRows += 1;
      if (dataRows > CSV_IMPORT_MAX_ROWS) throw tooManyRows();
      const name = nameOf(record, columns);
      const email = (record[columns.email] ?? '').trim();
      const parsed = validateEntry({ name, email });
      if (!parsed.success) {
        skipRow(skipped, row, rowProblem(name, email, parsed.errors));
        continue;
      }
      if (isThrowawayAddress(parsed.data.email, allowedDomains)) {
        skipRow(skipped, row, importMessages.about(email, entryMessages.disposable));
        continue;
      }
      const key = emailKey(parsed.data.email);
      const firstRow = seen.get(key);
      if (firstRow !== undefined) {
        skipRow(skipped, row, importMessages.repeated(email, firstRow));
        continue;
      }
      seen.set(key, row);
      candidates.push({ ...parsed.data, row });
    }
  }
  if (!columns) throw missingHeader();
  return candidates;
}

/**
 * Inserts an import's candidates in transactions of about IMPORT_TRANSACTION_MS each, with a
 * turn of the event loop between them, so that entries, sign-ins and health checks get through
 * while a large file is written. Each transaction is exact on its own (the contest's lock, its
 * count); the import as a whole is not all-or-nothing (decision 014).
 */
async function insertInTransactions(
  db: Db,
  contestId: string,
  candidates: EntryCandidate[],
): Promise<EntryOutcome[]> {
  const outcomes: EntryOutcome[] = [];
  let rows = IMPORT_TRANSACTION_ROWS.first;
  while (outcomes.length < candidates.length) {
    if (outcomes.length > 0) await nextTurnOfEventLoop();
    const chunk = candidates.slice(outcomes.length, outcomes.length + rows);
    const started = performance.now();
    outcomes.push(...(await insertEntries(db, contestId, chunk, { byOwner: true })));
    rows = nextTransactionRows(chunk.length, performance.now() - started);
  }
  return outcomes;
}

/** As many rows as fit in IMPORT_TRANSACTION_MS at the pace `rows` took `elapsedMs`. */
function nextTransactionRows(rows: number, elapsedMs: number): number {
  const { min, max } = IMPORT_TRANSACTION_ROWS;
  const fitting = Math.round((rows * IMPORT_TRANSACTION_MS) / Math.max(elapsedMs, 1));
  return Math.min(max, Math.max(min, fitting));
}

/**
 * Imports the rows of a CSV file as mailing-list tools and CRMs export them: comma or semicolon
 * separated, BOM, CRLF and quotes handled, the e-mail and name columns found by their headers or
 * chosen by the owner (`columns`). Invalid rows, repeated e-mails and rows past maxEntries are
 * skipped and reported by line, quoting the value at fault.
 */
export async function importEntries(
  { db, config }: DbContext & { config: Pick<Config, 'emailDomainAllowList'> },
  contest: Contest,
  upload: { csv: Buffer; columns?: ImportColumns },
): Promise<ImportResult> {
  if (contest.frozenAt) throw contestEnded();
  const skipped: SkippedRows = { skipped: 0, errors: [] };
  const candidates = await readCandidates(
    upload.csv,
    upload.columns,
    skipped,
    config.emailDomainAllowList,
  );
  const outcomes = await insertInTransactions(db, contest.id, candidates);
  let imported = 0;
  outcomes.forEach((outcome, index) => {
    const { row, email } = candidates[index]!;
    if (outcome.status === 'accepted') imported += 1;
    else if (outcome.status === 'duplicate') {
      skipRow(skipped, row, importMessages.about(email, entryMessages.duplicate));
    } else if (outcome.status === 'full') skipRow(skipped, row, entryMessages.full);
    // A draw froze the contest while the file was being written: the rows before it stay.
    else if (outcome.status === 'ended') throw contestEnded();
    else if (outcome.status === 'draw_starting') throw drawStarting();
    // An import counts no bursts: this cannot happen.
    else if (outcome.status === 'rate_limited') throw new Error('An import was rate-limited');
    else throw contestNotFound();
  });
  return { imported, ...skipped };
}
