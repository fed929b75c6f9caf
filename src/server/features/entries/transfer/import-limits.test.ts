import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { ImportResult } from '#shared/contracts/entries.ts';

const importInto = (t: TestApp, as: SeededUser, contest: Contest, csv: string) =>
  request(t, as, {
    method: 'POST',
    url: `/api/contests/${contest.id}/entries/import`,
    ...csvFileForm(csv),
  });

/** A CSV file of `count` data rows made by `row` (given 1..count). */
const csvOf = (count: number, row: (n: number) => string) =>
  ['name,email', ...Array.from({ length: count }, (_, index) => row(index + 1))].join('\n');

async function entryCounter(t: TestApp, contest: Contest) {
  const [row] = await t.database.db
    .select({ entryCount: contests.entryCount })
    .from(contests)
    .where(eq(contests.id, contest.id));
  return row!.entryCount;
}

async function storedCount(t: TestApp, contest: Contest) {
  const [row] = await t.database.db
    .select({ rows: sql<number>`count(*)::int` })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contest.id));
  return row!.rows;
}

describe('import limits', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it('refuses a file of more than 100,000 rows with 413, importing nothing', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await importInto(
      t,
      owner,
      contest,
      csvOf(100_001, (n) => `Fan ${n},fan${n}@example.com`),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The file has more than 100,000 rows. Split it into smaller files.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await storedCount(t, contest)).toBe(0);
  });

  it('takes 100,000 rows, blank lines not counted', async () => {
    const contest = await seedContest(t.database, owner);
    // Invalid rows: counted and reported without writing 100,000 entries.
    const csv = csvOf(100_000, (n) => `Fan ${n},not-an-email${n % 1000 === 0 ? '\n' : ''}`);
    const response = await importInto(t, owner, contest, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 0, skipped: 100_000 });
  });

  it('fills the last places of a nearly full contest from a file of entrants already in it', async () => {
    const stored = 20_000;
    const contest = await seedContest(t.database, owner, { maxEntries: stored + 3 });
    await t.database.db.execute(sql`
      insert into contest_entries (contest_id, name, email)
      select ${contest.id}, 'Fan ' || n, 'fan' || n || '@example.com'
      from generate_series(1, ${stored}) as n`);
    await t.database.db
      .update(contests)
      .set({ entryCount: stored })
      .where(eq(contests.id, contest.id));
    // Every entrant already in, in another letter case, then five new ones.
    const csv = csvOf(stored + 5, (n) =>
      n <= stored ? `Fan ${n},FAN${n}@Example.com` : `New ${n},new${n}@example.com`,
    );

    const started = performance.now();
    const response = await importInto(t, owner, contest, csv);
    const seconds = (performance.now() - started) / 1000;

    const result = response.json<ImportResult>();
    expect(result).toMatchObject({ imported: 3, skipped: stored + 2 });
    expect(result.errors).toHaveLength(100);
    expect(result.errors[0]).toEqual({
      row: 2,
      message: "'FAN1@Example.com': This email has already entered this contest.",
    });
    expect(await entryCounter(t, contest)).toBe(stored + 3);
    expect(await storedCount(t, contest)).toBe(stored + 3);
    // Three places at a time through 20,000 duplicates was 6,667 statements.
    expect(seconds).toBeLessThan(5);
  });

  it('answers other requests while a large import is being written', async () => {
    const contest = await seedContest(t.database, owner);
    const rows = 40_000;
    let importFinished = false;
    const importing = importInto(
      t,
      owner,
      contest,
      csvOf(rows, (n) => `Imported ${n},imported${n}@example.com`),
    ).then((response) => {
      importFinished = true;
      return response;
    });
    // The first rows are stored: the import is under way.
    while ((await entryCounter(t, contest)) === 0 && !importFinished) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const health = await request(t, undefined, { method: 'GET', url: '/healthz' });
    const entry = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries`,
      payload: { name: 'Walk-in', email: 'walk-in@example.com' },
    });
    const finishedMeanwhile = importFinished;

    expect(health.statusCode).toBe(200);
    expect(entry.statusCode).toBe(201);
    expect(finishedMeanwhile).toBe(false);
    expect((await importing).json()).toEqual({ imported: rows, skipped: 0, errors: [] });
    expect(await entryCounter(t, contest)).toBe(rows + 1);
  });
});

describe('the import rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('takes 20 imports an hour per owner, then answers 429 with Retry-After', async () => {
    const [owner, other] = [await seedUser(t), await seedUser(t)];
    const [contest, othersContest] = [
      await seedContest(t.database, owner),
      await seedContest(t.database, other),
    ];
    for (let n = 1; n <= 20; n += 1) {
      const response = await importInto(
        t,
        owner,
        contest,
        csvOf(1, () => `Fan ${n},fan${n}@example.com`),
      );
      expect(response.statusCode).toBe(200);
    }

    const refused = await importInto(t, owner, contest, 'name,email\nLate,late@example.com\n');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().message).toMatch(
      /^You have imported 20 files in the last hour\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await entryCounter(t, contest)).toBe(20);

    // Another owner's imports are their own.
    const others = await importInto(t, other, othersContest, 'name,email\nA,a@example.com\n');
    expect(others.statusCode).toBe(200);
  });
});
