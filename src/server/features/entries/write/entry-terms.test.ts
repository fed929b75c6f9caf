import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contestRulesVersions } from '#server/db/schema.ts';
import {
  contestBody,
  DAY_MS,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';

const rules = (overrides: Partial<ContestRules> = {}): ContestRules => ({
  sponsorName: 'Coach Ana Fitness',
  sponsorContact: 'ana@example.com',
  minAge: null,
  allowedCountries: [],
  excludedRegions: '',
  employeesExcluded: false,
  prizeRetailValue: '',
  additionalTerms: '',
  ...overrides,
});

/**
 * Schedule, rules and consent on the entry path (docs/product.md#rules-schedule-and-consent):
 * an entrant meets the contest's start, its rules' boxes and country, and may tick the consent
 * box; an owner's import is not held to the start.
 */
describe('entry terms', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const enter = (contestId: string, payload: object) =>
    request(t, undefined, { method: 'POST', url: `/api/contests/${contestId}/entries`, payload });
  const entryOf = async (id: string) =>
    (await t.database.db.select().from(contestEntries).where(eq(contestEntries.id, id)))[0]!;

  describe('before the start', () => {
    it('answers 409 NOT_STARTED with the opening date in the contest zone', async () => {
      const contest = await seedContest(t.database, owner, {
        startDate: new Date('2099-06-01T08:00:00Z'),
        endDate: new Date('2099-07-01T08:00:00Z'),
        timeZone: 'Europe/Madrid',
      });
      const response = await enter(contest.id, { name: 'Maya', email: 'maya@example.com' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'NOT_STARTED',
        message: 'This contest opens on Monday, 1 June 2099 at 10:00 CEST.',
      });
      const public_ = request(t, undefined, { method: 'GET', url: `/api/contests/${contest.id}` });
      expect((await public_).json()).toMatchObject({
        status: 'scheduled',
        startDate: '2099-06-01T08:00:00.000Z',
        timeZone: 'Europe/Madrid',
      });
    });

    it('takes entries once the start has passed', async () => {
      const contest = await seedContest(t.database, owner, {
        startDate: new Date(Date.now() - 1000),
      });
      const response = await enter(contest.id, { name: 'Maya', email: 'maya@example.com' });
      expect(response.statusCode).toBe(201);
    });

    it("still takes the owner's import", async () => {
      const contest = await seedContest(t.database, owner, {
        startDate: new Date(Date.now() + DAY_MS),
      });
      const response = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries/import`,
        ...csvFileForm('name,email\nMaya,maya@example.com\n'),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    });
  });

  describe('the contest fields', () => {
    const create = (overrides: object) =>
      request(t, owner, {
        method: 'POST',
        url: '/api/contests',
        payload: { ...contestBody(), ...overrides },
      });

    it.each([
      [{ startDate: new Date(Date.now() + 30 * DAY_MS).toISOString() }, 'startDate'],
      [{ startDate: 'next monday' }, 'startDate'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+01:00' }, 'timeZone'],
      [{ rules: { ...rules(), sponsorName: 'x'.repeat(121) } }, 'rules.sponsorName'],
      [{ rules: { ...rules(), sponsorName: '' } }, 'rules.sponsorName'],
      [{ rules: { ...rules(), minAge: 19 } }, 'rules.minAge'],
      [{ rules: { ...rules(), allowedCountries: ['ESP'] } }, 'rules.allowedCountries.0'],
      [{ rules: { ...rules(), allowedCountries: ['XX'] } }, 'rules.allowedCountries.0'],
      [{ rules: { ...rules(), additionalTerms: 'x'.repeat(5001) } }, 'rules.additionalTerms'],
      [{ consentText: 'x'.repeat(301) }, 'consentText'],
    ])('refuses %j with a 400 on its field', async (overrides, field) => {
      const response = await create(overrides);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    });

    it('keeps the fields it is given, countries once each and sorted', async () => {
      const response = await create({
        startDate: new Date(Date.now() + DAY_MS).toISOString(),
        timeZone: 'America/New_York',
        rules: rules({ minAge: 18, allowedCountries: ['US', 'CA', 'US'] }),
        consentText: "Send me Coach Ana's weekly tips",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: 'scheduled',
        timeZone: 'America/New_York',
        rules: { minAge: 18, allowedCountries: ['CA', 'US'] },
        consentText: "Send me Coach Ana's weekly tips",
      });
    });
  });

  describe('with rules, an age and countries', () => {
    let contestId: string;
    beforeAll(async () => {
      const contest = await seedContest(t.database, owner, {
        rules: rules({ minAge: 18, allowedCountries: ['ES', 'PT'] }),
      });
      contestId = contest.id;
      await t.database.db
        .insert(contestRulesVersions)
        .values({ contestId, version: 1, sha256: 'a'.repeat(64), text: 'Rules' });
    });
    const person = { name: 'Maya', email: 'maya@example.com' };

    it.each([
      [{}, ['acceptRules', 'confirmAge', 'country']],
      [{ acceptRules: true, confirmAge: true }, ['country']],
      [{ acceptRules: false, confirmAge: true, country: 'ES' }, ['acceptRules']],
      [{ acceptRules: 'yes', confirmAge: true, country: 'ES' }, ['acceptRules']],
      [{ acceptRules: true, confirmAge: 1, country: 'ES' }, ['confirmAge']],
      [{ acceptRules: true, confirmAge: true, country: 'es' }, ['country']],
      [{ acceptRules: true, confirmAge: true, country: 'XX' }, ['country']],
      [{ acceptRules: true, confirmAge: true, country: 'FR' }, ['country']],
      [
        { acceptRules: true, confirmAge: true, country: 'ES', marketingConsent: 'on' },
        ['marketingConsent'],
      ],
    ])('refuses %j with 400 on %j, storing nothing', async (terms, fields) => {
      const response = await enter(contestId, { ...person, ...terms });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
      const stored = await t.database.db
        .select()
        .from(contestEntries)
        .where(eq(contestEntries.contestId, contestId));
      expect(stored).toHaveLength(0);
    });

    it('says which country is not eligible, in words', async () => {
      const response = await enter(contestId, {
        ...person,
        acceptRules: true,
        confirmAge: true,
        country: 'FR',
      });
      expect(response.json().errors.country).toBe(
        'Sorry, this contest is not open to entrants in France.',
      );
    });

    it('takes an entry that agrees and declares, with its country and rules version', async () => {
      const response = await enter(contestId, {
        ...person,
        acceptRules: true,
        confirmAge: true,
        country: 'PT',
      });
      expect(response.statusCode).toBe(201);
      expect(await entryOf(response.json().id)).toMatchObject({
        country: 'PT',
        rulesVersion: 1,
        consentSha256: null,
        consentAt: null,
      });
    });
  });

  it('stores the rules version in force at each entry', async () => {
    const created = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: { ...contestBody(), rules: rules() },
    });
    const contestId = created.json().id as string;
    const first = await enter(contestId, { name: 'A', email: 'a@example.com', acceptRules: true });
    const edited = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contestId}`,
      payload: {
        ...contestBody(),
        endDate: created.json().endDate,
        rules: rules({ additionalTerms: 'One prize per household.' }),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await enter(contestId, { name: 'B', email: 'b@example.com', acceptRules: true });
    expect((await entryOf(first.json().id)).rulesVersion).toBe(1);
    expect((await entryOf(second.json().id)).rulesVersion).toBe(2);
  });

  describe('the consent box', () => {
    const sentence = "Send me Coach Ana's weekly tips";
    let contestId: string;
    beforeAll(async () => {
      contestId = (await seedContest(t.database, owner, { consentText: sentence })).id;
    });

    it('enters exactly the same without it', async () => {
      const response = await enter(contestId, { name: 'Maya', email: 'maya@example.com' });
      expect(response.statusCode).toBe(201);
      expect(await entryOf(response.json().id)).toMatchObject({
        consentSha256: null,
        consentAt: null,
        rulesVersion: null,
        country: null,
      });
    });

    it('stores a ticked box with the hash of its words and the time', async () => {
      const response = await enter(contestId, {
        name: 'Leo',
        email: 'leo@example.com',
        marketingConsent: true,
      });
      expect(response.statusCode).toBe(201);
      const entry = await entryOf(response.json().id);
      expect(entry.consentSha256).toBe(createHash('sha256').update(sentence).digest('hex'));
      expect(Math.abs(entry.consentAt!.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('keeps no consent where the contest has no box', async () => {
      const plain = await seedContest(t.database, owner);
      const response = await enter(plain.id, {
        name: 'Ivy',
        email: 'ivy@example.com',
        marketingConsent: true,
      });
      expect(response.statusCode).toBe(201);
      expect((await entryOf(response.json().id)).consentSha256).toBeNull();
    });
  });
});
