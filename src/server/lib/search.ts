import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Case-insensitive substring search. strpos, unlike LIKE, takes `%` and `_` in what the user
 * typed literally, with nothing to escape. Blank search: no filter.
 */
export function containsText(column: AnyPgColumn, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`strpos(lower(${column}), lower(${term})) > 0` : undefined;
}
