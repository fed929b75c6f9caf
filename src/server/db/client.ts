import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a statement written as SQL, for the few on the entries' hot path: building one
 * through the query builder and mapping its rows cost more CPU than the database's own work (an
 * upsert of 20 keys: ~1.2 ms through the builder, ~0.5 ms as SQL). Both drivers answer
 * `{ rows }`; the columns come back under their SQL names, as the statement writes them.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows for a statement whose text is one of a few fixed ones (only its parameters vary),
 * run once per batch on the entries' hot path: PostgreSQL parses and plans it once per
 * connection under a name derived from its text, and each later run sends its parameters alone
 * (docs/decisions/020-per-request-work.md). A statement whose text varies with its input must
 * not come here: each text would stay prepared on every connection. PGlite ignores the name.
 */
export async function queryPreparedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const name = `pw_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * queryPreparedRows for a statement another library wrote (its `$n` text and values): pg-boss's
 * job insert is one fixed text per queue (a claim's deadline is inserted under its contest's
 * lock), planned once per connection.
 */
export async function queryPreparedText<Row>(
  db: Db,
  text: string,
  params: unknown[],
): Promise<Row[]> {
  const name = `pw_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/** Where the durable queue (pg-boss) keeps its tables: the same PGlite, or the same server. */
export type JobDatabase = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the durable queue connects through: the same PGlite, or the same server's URL. */
  jobDatabase: JobDatabase;
  /** Applies committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant shared by all instances; it serialises concurrent migrations on PostgreSQL.
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which
 * is resident from the start and never shrinks: a third of the server's footprint. The
 * operating system caches the data files anyway; 16 MB still holds a busy contest's pages
 * (entry throughput measured the same as with 128 MB, decision 009).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** `dataDir` undefined means an in-memory PGlite (tests). */
export function openPglite(dataDir: string | undefined): Database {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    jobDatabase: { kind: 'pglite', client },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Waiting for a connection (a new one, or a free one of the pool) fails after this: the
    // request answers 503 instead of queueing while the database is away.
    connectionTimeoutMillis: 5000,
    // A statement that waits this long means the database is in trouble; fail instead of hanging.
    statement_timeout: 15_000,
    // The same bound on the client's side, for a database that stops answering without closing
    // the connection (a network partition), where the server's own timeout cannot help.
    query_timeout: 20_000,
    // An instance that vanishes mid-transaction would otherwise hold its locks (a contest's
    // row, so every other instance's entries) until TCP gives up on it, which takes hours.
    idle_in_transaction_session_timeout: 10_000,
    keepAlive: true,
  });
  // A connection lost while idle in the pool (database restart) must not crash the process...
  pool.on('error', () => {});
  // ...nor one lost while checked out between two queries (a transaction's statements): the
  // pool does not listen then, and an unheard 'error' event ends the process. The query in
  // flight or the next one fails on its own, and the request answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    jobDatabase: { kind: 'postgres', url },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Database {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'pglite'));
}

/** A balancer's health check waits a few seconds at most: a slower answer counts as a no. */
const PING_TIMEOUT_MS = 3000;

/** Whether the database answers a trivial query in time; used by /healthz. */
export async function pingDatabase(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
