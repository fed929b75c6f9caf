import {
  detectDelimiter,
  findImportColumns,
  readHeaderRow,
  type ImportColumns,
} from '#shared/contracts/entry-import.ts';

/** Bytes read to find the header row: a header is a line, not the file. */
const HEADER_BYTES = 64 * 1024;

export type CsvHeader = {
  /** The header row's cells, in order. */
  columns: string[];
  /** The columns the server would read by itself; null when its headers name none. */
  found: ImportColumns | null;
};

/**
 * The file's header row and the columns it names, read in the browser before the upload so the
 * owner sees (and may change) which columns become the name and the e-mail. The same rules as
 * the server's (src/shared/contracts/entry-import.ts); the server reads the whole file.
 */
export async function readCsvHeader(file: File): Promise<CsvHeader> {
  const start = await file.slice(0, HEADER_BYTES).text();
  const columns = readHeaderRow(start, detectDelimiter(start));
  return { columns, found: findImportColumns(columns) };
}
