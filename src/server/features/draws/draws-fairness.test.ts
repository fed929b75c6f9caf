import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestDraws, contestEntries, type Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import {
  request,
  seedContest,
  seedEntries,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { drawWinner, resetWinners } from './service.ts';

/**
 * Is the draw uniform? A chi-square goodness-of-fit test at a fixed significance level
 * (p = 0.001): a fair draw fails it once in a thousand runs, a biased one almost always.
 * Critical values of the chi-square distribution for p = 0.001, by degrees of freedom.
 */
const CRITICAL_P001: Record<number, number> = { 2: 13.816, 8: 26.124 };

/** Hundreds of transactions: generous, for a busy CI machine. */
const SLOW = 120_000;

function chiSquare(observed: number[], expectedEach: number): number {
  return observed.reduce((sum, count) => sum + (count - expectedEach) ** 2 / expectedEach, 0);
}

async function contestWith(t: TestApp, owner: { id: string }, size: number): Promise<Contest> {
  const contest = await seedContest(t.database, owner);
  await seedEntries(
    t.database,
    contest.id,
    Array.from({ length: size }, (_, i) => ({ name: `Fan ${i}`, email: `${randomUUID()}@x.co` })),
  );
  return contest;
}

function entryIdsOf(t: TestApp, contestId: string): Promise<string[]> {
  return t.database.db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id))
    .then((rows) => rows.map((row) => row.id));
}

describe('the fairness of the draw', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it(
    'picks each of 3 entries about equally often over 600 draws (chi-square, p = 0.001)',
    async () => {
      // The service the route calls, without HTTP: 600 draws and resets through the API would
      // take half a minute on PGlite. The API test below runs the same check on fewer draws.
      const contest = await contestWith(t, owner, 3);
      const ids = await entryIdsOf(t, contest.id);
      const user: SessionUser = {
        id: owner.id,
        email: owner.email,
        firstName: 'Sam',
        lastName: 'Seed',
        role: 'user',
      };
      const DRAWS = 600;
      const picks: number[] = [];
      for (let i = 0; i < DRAWS; i += 1) {
        const result = await drawWinner({ db: t.database.db, config: t.config }, user, contest, undefined);
        expect(result.method).toBe('random');
        expect(ids[result.index]).toBe(result.winner.id);
        picks.push(result.index);
        await resetWinners({ db: t.database.db }, user, contest);
      }

      const counts = [0, 0, 0];
      for (const position of picks) counts[position]! += 1;
      expect(counts.every((count) => count > 0)).toBe(true);
      const statistic = chiSquare(counts, DRAWS / 3);
      expect(statistic, `counts ${counts.join(', ')}`).toBeLessThan(CRITICAL_P001[2]!);

      // Equal counts alone would pass a round robin (A, B, C, A, B, C...): the winners of
      // consecutive draws must be independent too. Non-overlapping pairs: 9 cells, 8 df.
      const pairs = Array.from({ length: 9 }, () => 0);
      for (let i = 0; i + 1 < picks.length; i += 2) pairs[picks[i]! * 3 + picks[i + 1]!]! += 1;
      const pairStatistic = chiSquare(pairs, DRAWS / 2 / 9);
      expect(pairStatistic, `pairs ${pairs.join(', ')}`).toBeLessThan(CRITICAL_P001[8]!);
    },
    SLOW,
  );

  it(
    'draws uniformly through the API too: 150 draws and resets on 3 entries',
    async () => {
      const contest = await contestWith(t, owner, 3);
      const ids = await entryIdsOf(t, contest.id);
      const DRAWS = 150;
      const counts = [0, 0, 0];
      for (let i = 0; i < DRAWS; i += 1) {
        const drawn = await request(t, owner, {
          method: 'POST',
          url: `/api/contests/${contest.id}/winner`,
        });
        expect(drawn.statusCode, drawn.body).toBe(200);
        const { winner, index } = drawn.json() as { winner: { id: string }; index: number };
        expect(ids.indexOf(winner.id)).toBe(index);
        counts[index]! += 1;
        const reset = await request(t, owner, {
          method: 'DELETE',
          url: `/api/contests/${contest.id}/winner`,
        });
        expect(reset.statusCode, reset.body).toBe(200);
      }
      expect(counts.every((count) => count > 0)).toBe(true);
      const statistic = chiSquare(counts, DRAWS / 3);
      expect(statistic, `counts ${counts.join(', ')}`).toBeLessThan(CRITICAL_P001[2]!);

      // Every draw and every reset is in the audit table.
      const records = await t.database.db
        .select({ action: contestDraws.action })
        .from(contestDraws)
        .where(eq(contestDraws.contestId, contest.id));
      expect(records.filter((r) => r.action === 'random')).toHaveLength(DRAWS);
      expect(records.filter((r) => r.action === 'reset')).toHaveLength(DRAWS);
    },
    SLOW,
  );
});
