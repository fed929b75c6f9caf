import { z } from 'zod';

/**
 * The CSV import's columns (docs/product.md#csv-import-and-export): which column of the header
 * row holds the e-mail, and which hold the name (one, or first and last name, joined with a
 * space), by position (the first column is 0). The dialog sends the owner's choice as the
 * multipart field `columns` (JSON), before the file; without it the server finds them itself
 * with findImportColumns, as the dialog did when it showed them.
 */
export const importColumns = z
  .object({
    email: z.number().int().min(0),
    name: z.array(z.number().int().min(0)).min(1).max(2),
  })
  .strict()
  .refine(
    (columns) =>
      !columns.name.includes(columns.email) && new Set(columns.name).size === columns.name.length,
    'Each column can be used once.',
  );
export type ImportColumns = z.infer<typeof importColumns>;

export const importMessages = {
  missingColumns:
    'The CSV file needs a header row with an e-mail column (such as "Email" or "Email Address") and a name column (such as "Name", "Full Name", or "First Name" and "Last Name").',
  badColumns: 'The chosen columns are not in the file: choose them again.',
  emptyEmail: 'The e-mail address is empty.',
  notAnEmail: (value: string) => `${quoted(value)} is not an e-mail address.`,
  repeated: (value: string, firstRow: number) =>
    `${quoted(value)} appears earlier in the file (row ${firstRow}).`,
  /** A refusal about a value the row holds: the value first, so the owner can find it. */
  about: (value: string, message: string) => (value ? `${quoted(value)}: ${message}` : message),
} as const;

const QUOTED_MAX_LENGTH = 60;

/**
 * A cell as a row's error quotes it: between single quotes, cut at 60 characters, with control
 * and text-direction characters shown as U+FFFD (they would otherwise reorder or hide the text).
 */
function quoted(value: string): string {
  const visible = value.replace(/[\p{Cc}\p{Cf}]/gu, '\uFFFD');
  const cut = [...visible];
  return `'${cut.length > QUOTED_MAX_LENGTH ? `${cut.slice(0, QUOTED_MAX_LENGTH).join('')}…` : visible}'`;
}

/** A header as it is compared: letter case, spaces, hyphens, dots and underscores left out. */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s\-_.\uFEFF]/g, '');

/** Headers the tools people export from use (Mailchimp, Brevo, HubSpot, spreadsheets). */
const EMAIL_HEADERS = new Set(['email', 'emailaddress', 'mail', 'mailaddress', 'emails']);
const FULL_NAME_HEADERS = new Set(['name', 'fullname', 'contactname', 'displayname']);
const FIRST_NAME_HEADERS = new Set(['firstname', 'givenname', 'first', 'fname', 'forename']);
const LAST_NAME_HEADERS = new Set(['lastname', 'surname', 'familyname', 'last', 'lname']);

/**
 * The columns an import reads, found by their headers: the e-mail's, and a full name's or else
 * a first name's (with the last name's when there is one). Null when either is missing.
 */
export function findImportColumns(header: readonly string[]): ImportColumns | null {
  const keys = header.map(headerKey);
  const find = (names: Set<string>) => keys.findIndex((key) => names.has(key));
  const email = find(EMAIL_HEADERS);
  const fullName = find(FULL_NAME_HEADERS);
  const firstName = find(FIRST_NAME_HEADERS);
  const lastName = find(LAST_NAME_HEADERS);
  if (email === -1) return null;
  if (fullName !== -1) return { email, name: [fullName] };
  if (firstName === -1) return null;
  return { email, name: lastName === -1 ? [firstName] : [firstName, lastName] };
}

/** Whether `columns` names columns the header row has. */
export const columnsFit = (columns: ImportColumns, header: readonly string[]) =>
  [columns.email, ...columns.name].every((column) => column < header.length);

/** A row's name from its name columns: first and last name joined with a space. */
export const nameOf = (record: readonly string[], columns: ImportColumns) =>
  columns.name
    .map((column) => (record[column] ?? '').trim())
    .filter(Boolean)
    .join(' ');

export type CsvDelimiter = ',' | ';';

/**
 * The file's separator, from its first line that holds anything: a semicolon when it has more
 * semicolons than commas outside quotes (spreadsheets in much of Europe export so), else a comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
    else if ((char === '\n' || char === '\r') && commas + semicolons > 0) break;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The header row of a CSV text (its first line that is not blank), split into trimmed cells
 * (quotes and doubled quotes handled): what the import dialog shows before the upload. The
 * server parses the whole file with csv-parse.
 */
export function readHeaderRow(text: string, delimiter: CsvDelimiter): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '').replace(/^[\r\n\s]+/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}
