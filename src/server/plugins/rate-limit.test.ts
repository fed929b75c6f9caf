import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { countHit, sweepEndedWindows } from './rate-limit.ts';

describe('rate limits counted in the database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    // A second instance of the app on the same database, as behind a load balancer.
    b = await createTestApp({ env: { RATE_LIMIT: 'on' }, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const db = () => a.database.db;

  it('counts attempts on one instance on the other as well', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await (attempt % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        // One address per attempt: only the per-client-address limit is counted here.
        payload: { email: `nobody-${attempt}@example.com` },
        remoteAddress: '192.0.2.44',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
  });

  it('gives each of many concurrent hits its own count', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => countHit(db(), 'concurrent-key', 60_000)),
    );
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    for (const result of results) expect(result.ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window once the last one has ended, and sweeps ended windows', async () => {
    await countHit(db(), 'short-key', 60_000);
    await countHit(db(), 'short-key', 60_000);
    await countHit(db(), 'live-key', 60_000);
    // End the window as if a minute had passed.
    await db()
      .update(rateLimits)
      .set({ windowEnd: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'short-key'));
    expect(await countHit(db(), 'short-key', 60_000)).toMatchObject({ current: 1 });

    await db()
      .update(rateLimits)
      .set({ windowEnd: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'short-key'));
    expect(await sweepEndedWindows(db())).toBeGreaterThanOrEqual(1);
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('short-key');
    expect(keys).toContain('live-key');
  });

  it('names the route and the client address in each key', async () => {
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).toContain('POST /api/auth/forgot-password 192.0.2.44');
  });
});
