import { randomUUID } from 'node:crypto';
import { count, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contestRulesVersions, contests, type Contest } from '#server/db/schema.ts';
import {
  DAY_MS,
  request,
  seedContest,
  seedEntries,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';
import { contestMessages, type OwnerContest } from '#shared/contracts/contests.ts';
import { contestColumnCopy } from './duplicate-contest.ts';

/** A copy of a contest as a new draft (docs/product.md#duplicate-a-contest). */

const RULES: ContestRules = {
  sponsorName: 'Shred Gym S.L.',
  sponsorContact: 'hello@shredgym.example',
  minAge: 18,
  allowedCountries: ['ES', 'PT'],
  excludedRegions: 'Canary Islands',
  employeesExcluded: true,
  prizeRetailValue: '450 EUR',
  additionalTerms: 'One entry per person.',
};

/** Every setting away from its default, so that a setting left behind shows. */
const settings = {
  title: 'Summer Shred Challenge',
  description: 'Six weeks of training, one lucky winner.',
  prizeDetails: 'Three months of personal training',
  prizeValue: '$450',
  endDate: new Date(Date.now() + 9 * DAY_MS),
  maxEntries: 500,
  confirmationMessage: 'See you at the gym!',
  winnersCount: 3,
  requireConfirmation: true,
  excludedFlags: ['alias', 'fast-submit'],
  referralBonus: 2,
  referralCap: 20,
  showLeaderboard: true,
  claimWindowMinutes: 120,
  notifyWinners: false,
  prizeDelivery: 'shipping',
  startDate: new Date(Date.now() + 2 * DAY_MS),
  timeZone: 'Europe/Madrid',
  rules: RULES,
  consentText: 'Send me the weekly tips.',
  brand: { brandName: 'Coach Ana Fitness', brandColor: '#1d4ed8', showEntryCount: false },
  ownerBrand: { brandName: 'Coach Ana' },
} satisfies Partial<typeof contests.$inferInsert>;

describe('duplicating a contest', () => {
  let t: TestApp;
  let owner: SeededUser;
  let stranger: SeededUser;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    stranger = await seedUser(t);
    admin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  const duplicate = (contestId: string, as: SeededUser | undefined) =>
    request(t, as, { method: 'POST', url: `/api/contests/${contestId}/duplicate` });

  async function duplicated(contestId: string, as: SeededUser = owner) {
    const response = await duplicate(contestId, as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OwnerContest>();
  }

  async function rowOf(contestId: string): Promise<Contest> {
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contestId));
    return row!;
  }

  /** A contest that ran: published, entered, drawn and frozen, with its rules published. */
  async function contestThatRan(slug: string | null = null) {
    const contest = await seedContest(t.database, owner, { ...settings, slug });
    await seedEntries(t.database, contest.id, [
      { name: 'Maria Santos', email: 'maria@example.com' },
      { name: 'Joe Bloggs', email: 'joe@example.com' },
    ]);
    const [entry] = await t.database.db
      .select({ id: contestEntries.id })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    await t.database.db
      .insert(contestRulesVersions)
      .values({ contestId: contest.id, version: 1, sha256: 'a'.repeat(64), text: 'Rules' });
    await t.database.db
      .update(contests)
      .set({
        winnerId: entry!.id,
        winnerSelectedAt: new Date(),
        frozenAt: new Date(),
        frozenEntryCount: 2,
        entriesRoot: 'b'.repeat(64),
        predatesVerifiableDraws: true,
        winners: [{ position: 1, displayName: 'Maria S.' }],
        redrawing: true,
        frozenLeftOut: 1,
        frozenExcluded: [{ reason: 'alias', count: 1 }],
        frozenRulesVersion: 1,
      })
      .where(eq(contests.id, contest.id));
    return rowOf(contest.id);
  }

  it('classifies every column of the contests table as copied or reset', () => {
    const columns = Object.keys(getTableColumns(contests)).sort();
    expect(Object.keys(contestColumnCopy).sort()).toEqual(columns);
  });

  it('copies every setting, and starts the copy as a draft that never ran', async () => {
    const original = await contestThatRan();
    const answer = await duplicated(original.id);
    expect(answer).toMatchObject({
      title: original.title,
      status: 'draft',
      isPublished: false,
      isActive: false,
      entryCount: 0,
      seedHash: null,
      committedAt: null,
      frozenAt: null,
      winners: [],
      winnerId: null,
      trainerId: owner.id,
      slug: null,
    });
    expect(answer.id).not.toBe(original.id);

    const copy = await rowOf(answer.id);
    // A draft made from scratch holds every reset column's starting value.
    const fresh = await seedContest(t.database, owner, { publishedAt: null, isActive: false });
    for (const [column, rule] of Object.entries(contestColumnCopy)) {
      const name = column as keyof Contest;
      if (rule === 'copied') expect(copy[name], column).toEqual(original[name]);
      else if (!['id', 'slug', 'createdAt', 'updatedAt'].includes(column)) {
        expect(copy[name], column).toEqual(fresh[name]);
      }
    }
    const [entries] = await t.database.db
      .select({ n: count() })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, copy.id));
    expect(entries!.n).toBe(0);
    const [versions] = await t.database.db
      .select({ n: count() })
      .from(contestRulesVersions)
      .where(eq(contestRulesVersions.contestId, copy.id));
    expect(versions!.n).toBe(0);
    // The original is left as it was.
    expect(await rowOf(original.id)).toEqual(original);
  });

  it('gives the copy the first free {slug}-n, past slugs held and given up', async () => {
    const stem = `spring-run-${randomUUID().slice(0, 6)}`;
    const original = await seedContest(t.database, owner, { slug: stem });
    expect((await duplicated(original.id)).slug).toBe(`${stem}-2`);
    // Another contest gave up -3 (it still redirects there, so no copy may take it) and one
    // holds -4.
    const other = await seedContest(t.database, stranger, { slug: `${stem}-3` });
    const moved = await request(t, stranger, {
      method: 'PUT',
      url: `/api/contests/${other.id}`,
      payload: {
        title: other.title,
        description: other.description,
        prizeDetails: other.prizeDetails,
        endDate: other.endDate.toISOString(),
        slug: `${stem}-moved`,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await seedContest(t.database, stranger, { slug: `${stem}-4` });
    expect((await duplicated(original.id)).slug).toBe(`${stem}-5`);
  });

  it('cuts a long slug to fit 40 characters, without a hyphen before the number', async () => {
    const long = `${randomUUID().slice(0, 8)}${'a'.repeat(29)}-xy`;
    expect(long).toHaveLength(40);
    const original = await seedContest(t.database, owner, { slug: long });
    expect((await duplicated(original.id)).slug).toBe(`${long.slice(0, 37)}-2`);
  });

  it('is the owner’s, or an admin’s for the owner: 401, 404 for anyone else and unknown ids', async () => {
    const original = await seedContest(t.database, owner, { title: 'Owner’s Giveaway' });
    expect((await duplicate(original.id, undefined)).statusCode).toBe(401);
    const foreign = await duplicate(original.id, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await duplicate(randomUUID(), owner)).statusCode).toBe(404);
    expect((await duplicate('not-a-contest', owner)).statusCode).toBe(404);

    const byAdmin = await duplicated(original.id, admin);
    expect(byAdmin.trainerId).toBe(owner.id);
    const list = await request(t, owner, { method: 'GET', url: '/api/contests' });
    expect(list.json<OwnerContest[]>().map(({ id }) => id)).toContain(byAdmin.id);
  });

  it('keeps a past end date, and refuses to publish the copy until it is moved', async () => {
    const original = await seedContest(t.database, owner, {
      endDate: new Date(Date.now() - DAY_MS),
    });
    const copy = await duplicated(original.id);
    expect(copy.status).toBe('draft');
    const publish = () =>
      request(t, owner, {
        method: 'PATCH',
        url: `/api/contests/${copy.id}/status`,
        payload: { isActive: true },
      });
    const refused = await publish();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION',
      message: contestMessages.endedDraft,
      errors: { endDate: contestMessages.endedDraft },
    });
    expect((await rowOf(copy.id)).publishedAt).toBeNull();

    await t.database.db
      .update(contests)
      .set({ endDate: new Date(Date.now() + DAY_MS) })
      .where(eq(contests.id, copy.id));
    const published = await publish();
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<OwnerContest>()).toMatchObject({ status: 'open', isPublished: true });
  });
});
