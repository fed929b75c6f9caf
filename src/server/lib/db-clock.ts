import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '#server/db/client.ts';

/** The database's time, in milliseconds since the epoch, as every instance reads it. */
export type Clock = { now(): number };

/** Read again this often: a machine's clock drifts by milliseconds a minute at worst. */
const SYNC_EVERY_MS = 60_000;
/**
 * The database's time lies somewhere within a reading's round trip, so a reading is off by up to
 * half of it: one slower than this (an overloaded database, a connection being opened) is not
 * kept, and two instances then agree within this much.
 */
const SYNC_MAX_ROUND_TRIP_MS = 100;
/** At start the first reading may open the pool's connection: a few tries. */
const START_TRIES = 3;

/**
 * One clock for all instances (docs/decisions/035-form-tokens-on-one-clock.md): the database's
 * time, read at start and every minute, and counted on between readings with this process's
 * monotonic clock. The machine's wall clock is never used (it may be seconds off another
 * instance's, and steps when it is corrected), so a time stamped by one instance means the same
 * on every other. Until a first reading succeeds, the wall clock stands in.
 */
export function createDbClock(db: Db, log: FastifyBaseLogger) {
  let anchor: { databaseMs: number; monotonicMs: number } | null = null;
  let timer: NodeJS.Timeout | undefined;

  /** Whether the reading was kept. */
  async function sync(): Promise<boolean> {
    const sentAt = performance.now();
    const [row] = await queryRows<{ ms: number }>(
      db,
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
    );
    const answeredAt = performance.now();
    if (answeredAt - sentAt > SYNC_MAX_ROUND_TRIP_MS) return false;
    anchor = { databaseMs: Number(row!.ms), monotonicMs: (sentAt + answeredAt) / 2 };
    return true;
  }

  const syncOrWarn = () =>
    sync().catch((error: unknown) => {
      log.warn({ err: error }, 'could not read the database clock; keeping the last reading');
      return false;
    });

  return {
    now(): number {
      if (!anchor) return Date.now();
      return Math.round(anchor.databaseMs + (performance.now() - anchor.monotonicMs));
    },
    async start(): Promise<void> {
      for (let tries = 0; tries < START_TRIES && !(await syncOrWarn()); tries += 1);
      timer = setInterval(() => void syncOrWarn(), SYNC_EVERY_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
