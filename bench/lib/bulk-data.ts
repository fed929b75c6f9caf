import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { contests, users } from '#server/db/schema.ts';
import type { RunningApp } from './prizewheel-process.ts';

/**
 * Bulk seeding in SQL (generate_series: a million rows in seconds, no HTTP), and the database's
 * own bulk paths (COPY) that the big-data benchmark measures the server against.
 */

/** `count` contests for the owner, all published and open; returns their ids, oldest first. */
export async function seedContests(
  database: Database,
  ownerEmail: string,
  count: number,
): Promise<string[]> {
  const [owner] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ownerEmail));
  if (!owner) throw new Error(`no user ${ownerEmail}`);
  await database.db.execute(sql`
    insert into contests (owner_id, title, description, prize_details, end_date, published_at, created_at)
    select ${owner.id}, 'Seeded contest ' || n, 'Seeded by the big-data benchmark.', 'A prize',
      now() + interval '30 days', now(), now() - (${count} - n) * interval '1 second'
    from generate_series(1, ${count}) as n`);
  const rows = await database.db
    .select({ id: contests.id })
    .from(contests)
    .where(eq(contests.ownerId, owner.id))
    .orderBy(contests.createdAt);
  return rows.map((row) => row.id);
}

const SEED_STEP = 100_000;

/**
 * `count` entries named `Entrant {n}`, one millisecond apart (newest is n = 1), counter kept
 * exact, statistics refreshed as autovacuum would after such a load.
 */
export async function seedEntries(
  database: Pick<Database, 'db'>,
  contestId: string,
  count: number,
) {
  // In steps: the app's pool gives up on a statement after 15-20 s, and a million rows in
  // one statement outlast that on a busy machine.
  for (let first = 1; first <= count; first += SEED_STEP) {
    const last = Math.min(count, first + SEED_STEP - 1);
    await database.db.execute(sql`
      insert into contest_entries (contest_id, name, email, entry_date)
      select ${contestId}, 'Entrant ' || n, 'entrant' || n || '@example.com',
        date_trunc('milliseconds', now()) - n * interval '1 millisecond'
      from generate_series(${first}::int, ${last}::int) as n`);
  }
  await database.db.execute(
    sql`update contests set entry_count = entry_count + ${count} where id = ${contestId}`,
  );
  await database.db.execute(sql`analyze contest_entries`);
}

/** A contest's entries in export order, as the baseline's COPY reads them. */
export const exportQuery = (contestId: string) =>
  `select name, email, entry_date from contest_entries where contest_id = '${contestId}' order by entry_date, id`;

export type BulkCopy = {
  /** COPY (query) TO as CSV with a header: the bytes produced. */
  copyOut(query: string): Promise<number>;
  /** COPY contest_entries (contest_id, name, email) FROM this CSV (with a header row). */
  copyIn(csv: string): Promise<void>;
  close(): Promise<void>;
};

const COPY_IN = 'contest_entries (contest_id, name, email)';

/** The app's database through its own bulk path: psql's \copy, or PGlite's /dev/blob. */
export async function openBulkCopy(app: RunningApp): Promise<BulkCopy> {
  if (app.databaseUrl) return psqlCopy(app.databaseUrl);
  // Only once the server has stopped: the embedded database is single-process.
  const pglite = await PGlite.create(`${app.dataDir}/pglite`);
  return {
    copyOut: async (query) => {
      const result = await pglite.query(`copy (${query}) to '/dev/blob' with (format csv, header)`);
      return result.blob?.size ?? 0;
    },
    copyIn: async (csv) => {
      await pglite.query(`copy ${COPY_IN} from '/dev/blob' with (format csv, header)`, [], {
        blob: new Blob([csv]),
      });
    },
    close: () => pglite.close(),
  };
}

function psqlCopy(url: string): BulkCopy {
  const psql = (command: string, stdin?: string) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', command], {
        stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
      });
      let bytes = 0;
      child.stdout!.on('data', (chunk: Buffer) => (bytes += chunk.length));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(bytes) : reject(new Error(`psql exited with ${code}`)),
      );
      child.stdin?.end(stdin);
    });
  return {
    copyOut: (query) => psql(`\\copy (${query}) to stdout with (format csv, header)`),
    copyIn: async (csv) => {
      await psql(`\\copy ${COPY_IN} from pstdin with (format csv, header)`, csv);
    },
    close: async () => {},
  };
}
