import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openPglite, openPostgres, queryRows, type Database } from '#server/db/client.ts';
import { createDatabase } from './processes.ts';
import { testDatabaseKind } from './test-app.ts';

const drizzleFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * A fresh database of this run's kind as it was before the migration `tag` (e.g.
 * '0010_trusted_entries'): migrated by the committed migrations that precede it only, so a test
 * can write the rows an older release left, then run `database.migrate()` as an upgrade does.
 */
export async function openDatabaseBefore(tag: string): Promise<Database> {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag}-`));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(
      readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((entry) => entry.tag === tag);
    if (cut < 1) throw new Error(`No migration ${tag} with others before it`);
    const entries = journal.entries.slice(0, cut);
    for (const entry of entries) {
      copyFileSync(
        path.join(drizzleFolder, `${entry.tag}.sql`),
        path.join(folder, `${entry.tag}.sql`),
      );
    }
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    if (testDatabaseKind() === 'pglite') {
      const database = openPglite(undefined);
      await migratePglite(database.db as never, { migrationsFolder: folder });
      return database;
    }
    const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_migration');
    const database = openPostgres(created.url, 5);
    await migratePg(database.db as never, { migrationsFolder: folder });
    return {
      ...database,
      close: async () => {
        await database.close();
        await created.drop();
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export type Row = Record<string, unknown>;

export const rowsOf = (database: Database, query: SQL): Promise<Row[]> =>
  queryRows<Row>(database.db, query);

export async function firstRowOf(database: Database, query: SQL): Promise<Row> {
  return (await rowsOf(database, query))[0]!;
}
