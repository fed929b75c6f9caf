import { createHash } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { asSessionUser, drawContext } from '#server/testing/draw-api.ts';
import { DAY_MS, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, testDatabaseKind, type TestApp } from '#server/testing/test-app.ts';
import { drawPlaces } from './service.ts';

/**
 * Is the draw uniform, as the service runs it (freeze, committed seed, picks into places)? A
 * chi-square goodness-of-fit test at p = 0.001: a biased draw fails it almost always. The seeds
 * and the contest and entry ids are fixed (hashes of the trial's number), so every run draws the
 * same sample: a fair draw cannot fail by bad luck once in a thousand runs, and the picks are
 * still the service's own, from those inputs. Each draw needs its own contest (a contest's seed
 * is fixed and its picks leave the list), so the contests and their entries go into the database
 * in a few multi-row inserts and the draws run through the service without HTTP.
 * tests/protocol/fairness.test.ts runs the same statistics on 2,000 draws of the protocol's
 * functions alone; here 500 draws (50 expected per entry, ample for the test) keep each
 * database's run near 20 s instead of 75 s, and draw-record.test.ts shows that every pick the
 * service makes is the protocol's.
 */

/** The chi-square distribution's 0.999 quantile with 9 degrees of freedom (10 entries). */
const CHI_SQUARE_9_DF_P001 = 27.877;
const ENTRIES = 10;
const TRIALS = 500;
/** Thousands of transactions: generous, for a busy CI machine. */
const SLOW = 300_000;
/** PGlite has one connection; PostgreSQL's pool (5) draws a few contests at once. */
const AT_ONCE = testDatabaseKind() === 'postgres' ? 4 : 1;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A fixed stand-in for the CSPRNG's 32 bytes (lib/draw-commitment.ts), and its commitment. */
function fixedDrawSeed(label: string): { drawSeed: string; seedHash: string } {
  const seed = sha256(`fairness seed ${label}`);
  return {
    drawSeed: seed.toString('hex'),
    seedHash: createHash('sha256').update(seed).digest('hex'),
  };
}

/**
 * A fixed id: a pick hashes its contest's id and the root of its entries' ids, so fixed ids make
 * every pick the same each run.
 */
function fixedId(label: string): string {
  const hex = sha256(`fairness id ${label}`).toString('hex');
  // Version 4 and the RFC variant, so it passes the API's id check like a generated one.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function chiSquare(counts: number[]): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe(`the fairness of the draw service (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /**
   * `count` published contests of `winnersCount` places, each with its own seed and ENTRIES
   * entries a second apart; answered with each contest's entry ids in the wheel's order.
   */
  async function seedTrials(count: number, winnersCount: number) {
    const started = performance.now();
    const now = Date.now();
    const rows = await t.database.db
      .insert(contests)
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: fixedId(`contest ${winnersCount}/${i}`),
          ...fixedDrawSeed(`${winnersCount}/${i}`),
          ownerId: owner.id,
          title: `Fairness ${i}`,
          description: 'Chi-square',
          prizeDetails: 'A fair chance',
          endDate: new Date(now + DAY_MS),
          publishedAt: new Date(now),
          committedAt: new Date(now),
          winnersCount,
          entryCount: ENTRIES,
        })),
      )
      .returning();
    const entries = rows.flatMap((contest, trial) =>
      Array.from({ length: ENTRIES }, (_, i) => ({
        id: fixedId(`entry ${winnersCount}/${trial}/${i}`),
        contestId: contest.id,
        name: `Fan${i} Example`,
        email: `fan-${i}@example.com`,
        entryDate: new Date(now - (ENTRIES - i) * 1000),
      })),
    );
    for (let start = 0; start < entries.length; start += 5000) {
      await t.database.db.insert(contestEntries).values(entries.slice(start, start + 5000));
    }
    const idsByContest = new Map<string, string[]>(rows.map((contest) => [contest.id, []]));
    const stored = await t.database.db
      .select({ id: contestEntries.id, contestId: contestEntries.contestId })
      .from(contestEntries)
      .where(inArray(contestEntries.contestId, [...idsByContest.keys()]))
      .orderBy(
        asc(contestEntries.contestId),
        asc(contestEntries.entryDate),
        asc(contestEntries.id),
      );
    for (const entry of stored) idsByContest.get(entry.contestId)!.push(entry.id);
    const seedMs = performance.now() - started;
    return { contests: rows, idsByContest, seedMs };
  }

  /** Draws `winnersCount` places on every contest; answers each contest's winners' slices. */
  async function drawAll(
    trials: Contest[],
    idsByContest: Map<string, string[]>,
    winnersCount: number,
  ) {
    const user = asSessionUser(owner);
    const ctx = drawContext(t);
    const started = performance.now();
    const slicesByPosition = Array.from({ length: winnersCount }, () => [] as number[]);
    for (let start = 0; start < trials.length; start += AT_ONCE) {
      const batch = trials.slice(start, start + AT_ONCE);
      const records = await Promise.all(
        batch.map((contest) => drawPlaces(ctx, user, contest, winnersCount)),
      );
      for (const record of records) {
        const ids = idsByContest.get(record.contestId)!;
        expect(record.picks).toHaveLength(winnersCount);
        // The first pick's index is its slice: nothing has left the list yet.
        expect(ids[record.picks[0]!.index]).toBe(record.picks[0]!.entryId);
        for (const pick of record.picks) {
          expect(pick.p).toBe(pick.position);
          slicesByPosition[pick.position - 1]!.push(ids.indexOf(pick.entryId));
        }
        expect(new Set(record.picks.map((pick) => pick.entryId)).size).toBe(winnersCount);
      }
    }
    return { slicesByPosition, drawMs: performance.now() - started };
  }

  const countsOf = (slices: number[]) => {
    const counts = new Array<number>(ENTRIES).fill(0);
    for (const slice of slices) counts[slice]! += 1;
    return counts;
  };

  it(
    `picks each of ${ENTRIES} entries about equally often over ${TRIALS} draws of 1 winner`,
    async ({ annotate }) => {
      const { contests: trials, idsByContest, seedMs } = await seedTrials(TRIALS, 1);
      const { slicesByPosition, drawMs } = await drawAll(trials, idsByContest, 1);
      const counts = countsOf(slicesByPosition[0]!);
      await annotate(
        `[fairness ${testDatabaseKind()}] ${TRIALS} contests seeded in ${seedMs.toFixed(0)} ms, ` +
          `${TRIALS} draws of 1 in ${drawMs.toFixed(0)} ms; counts ${counts.join(', ')}`,
      );
      expect(counts.every((count) => count > 0)).toBe(true);
      expect(chiSquare(counts), `counts ${counts.join(', ')}`).toBeLessThan(CHI_SQUARE_9_DF_P001);
    },
    SLOW,
  );

  it(
    `is uniform at each of positions 1 to 3: ${TRIALS} draws of 3 winners from ${ENTRIES} entries`,
    async ({ annotate }) => {
      const { contests: trials, idsByContest, seedMs } = await seedTrials(TRIALS, 3);
      const { slicesByPosition, drawMs } = await drawAll(trials, idsByContest, 3);
      const counts = slicesByPosition.map(countsOf);
      await annotate(
        `[fairness ${testDatabaseKind()}] ${TRIALS} contests seeded in ${seedMs.toFixed(0)} ms, ` +
          `${TRIALS} draws of 3 in ${drawMs.toFixed(0)} ms; ` +
          counts.map((row, i) => `position ${i + 1}: ${row.join(', ')}`).join('; '),
      );
      for (const [i, row] of counts.entries()) {
        expect(chiSquare(row), `position ${i + 1}: ${row.join(', ')}`).toBeLessThan(
          CHI_SQUARE_9_DF_P001,
        );
      }
    },
    SLOW,
  );
});
