import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { networkAddressOf } from '#server/lib/ip-networks.ts';

/** `hits` hits on `key`, in a fixed window of `windowMs`. */
export type Hits = { key: string; windowMs: number; hits: number };

/** Each key's count after the hits and the milliseconds its window has left. */
export type HitCount = { key: string; current: number; ttl: number };

/**
 * The upsert that counts hits on many keys (each once in `keys`), in fixed windows measured by
 * the database clock (instances' clocks may disagree; the database's is one). It is atomic:
 * concurrent hits from any instance each get their own count. Alone, or as a CTE of a larger
 * statement, counting only when `gate`'s condition holds over its `from` (the entries count
 * their bursts in the statement that locks their contest). Its rows go through readHitCounts.
 */
export function countHitsStatement(keys: Hits[], gate?: { from: SQL; where: SQL }): SQL {
  const ended = sql`rate_limits.window_end <= now()`;
  return sql`insert into rate_limits (key, count, window_start, window_end)
      select hit.key, hit.hits, now(), now() + hit.window_ms * interval '1 millisecond'
      from unnest(${sql.param(keys.map((key) => key.key))}::text[],
                  ${sql.param(keys.map((key) => key.hits))}::int[],
                  ${sql.param(keys.map((key) => key.windowMs))}::int[]) as hit(key, hits, window_ms)
        ${gate ? sql`, ${gate.from} where ${gate.where}` : sql``}
      on conflict (key) do update set
        count = case when ${ended} then excluded.count else rate_limits.count + excluded.count end,
        window_start = case when ${ended} then now() else rate_limits.window_start end,
        window_end = case when ${ended} then excluded.window_end else rate_limits.window_end end
      returning key, count as current,
        -- now() is when this statement's transaction began: one that began a moment before the
        -- window's creator reads a little more than a window left, hence the clamp below.
        greatest(0, ceil(extract(epoch from window_end - now()) * 1000))::int as ttl`;
}

/** The counts countHitsStatement answered for `keys`. */
export function readHitCounts(rows: HitCount[], keys: Hits[]): HitCount[] {
  const windowOf = new Map(keys.map((key) => [key.key, key.windowMs]));
  return rows.map((row) => ({
    key: row.key,
    current: Number(row.current),
    ttl: Math.min(Number(row.ttl), windowOf.get(row.key)!),
  }));
}

/** Counts hits on many keys in one statement (see countHitsStatement). */
export async function countHits(db: Db, keys: Hits[]): Promise<HitCount[]> {
  return readHitCounts(await queryRows<HitCount>(db, countHitsStatement(keys)), keys);
}

/** Counts one hit on `key` in a fixed window of `windowMs` (see countHits). */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await countHits(db, [{ key, windowMs, hits: 1 }]);
  return { current: row!.current, ttl: row!.ttl };
}

/** Forgets the hits counted on `key`, as if its window had ended (a hit that did not happen). */
export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Takes back one hit counted on `key` in its current window (one that turned out not to count). */
export async function takeBackHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(eq(rateLimits.key, key), gt(rateLimits.count, 0), gt(rateLimits.windowEnd, sql`now()`)),
    );
}

/** At most `max` hits per `windowMs`. */
export type Limit = { max: number; windowMs: number };

/** "45 seconds", "1 minute", "15 minutes": what the person is told to wait. */
export function formatWait(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one hit on `key` and refuses it beyond `limit` with 429, Retry-After and `refusal`'s
 * message (given the wait), for the limits a route counts itself: per account, per owner.
 */
export async function enforceLimit(
  db: Db,
  key: string,
  limit: Limit,
  refusal: (wait: string) => string,
): Promise<void> {
  const { current, ttl } = await countHit(db, key, limit.windowMs);
  if (current <= limit.max) return;
  throw new AppError(
    'RATE_LIMITED',
    refusal(formatWait(ttl)),
    undefined,
    Math.max(1, Math.ceil(ttl / 1000)),
  );
}

/** Deletes the rows of ended windows (an index range scan on window_end). */
export async function sweepEndedWindows(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowEnd, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** A store for @fastify/rate-limit that keeps its counts in the shared database. */
function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, key, timeWindow).then((result) => callback(null, result), callback);
    }

    // Keys name their route (see the key generator): one table serves every route.
    child() {
      return this;
    }
  };
}

/**
 * Rate limits for the routes that ask for one (`config.rateLimit`), counted in the database so
 * that every instance behind a balancer sees the same counts (decision 008).
 */
export async function registerRateLimits(app: FastifyInstance, options: { db: Db }) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(options.db),
    // Per route and per client address (an IPv6 client by its /64, as the plugin does).
    keyGenerator: (request) =>
      `${request.method} ${request.routeOptions.url ?? request.url} ${networkAddressOf(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  });
}
