import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { drawApi, expectError, expectOk } from '#server/testing/draw-api.ts';
import {
  pageFormFields,
  request,
  seedContest,
  type SeededUser,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import { drawMessages, type DrawRecord } from '#shared/contracts/draws.ts';
import { type ContestEntryItem, type EntrySummary } from '#shared/contracts/entries.ts';
import {
  ADDRESS_FLAG_AFTER,
  ADDRESS_REFUSE_AFTER,
  DOMAIN_FLAG_AFTER,
} from '#shared/contracts/entry-flags.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * Address and domain limits on entries (docs/product.md#trusted-leads): counted per contest in
 * the shared rate-limit table inside the entries' group commit, with RATE_LIMIT on. The client
 * address is the proxy-aware one: each request says its own in X-Forwarded-For.
 */

const ENV = { RATE_LIMIT: 'on', TRUST_PROXY: 'on' };

type Entrant = { address: string; email: string; name?: string };

const enterFrom = (t: TestApp, contestId: string, entrant: Entrant) =>
  request(t, undefined, {
    method: 'POST',
    url: `/api/contests/${contestId}/entries`,
    payload: {
      name: entrant.name ?? 'Fan Example',
      email: entrant.email,
      ...pageFormFields(t, contestId),
    },
    headers: { 'x-forwarded-for': entrant.address },
  });

/** Entries sent at once (one or a few batches of the group commit); answers in the same order. */
const wave = (t: TestApp, contestId: string, entrants: Entrant[]) =>
  Promise.all(entrants.map((entrant) => enterFrom(t, contestId, entrant)));

const statusesOf = (responses: LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);

const all = (count: number, status: number) => Array<number>(count).fill(status);

/** `count` distinct Gmail addresses (a large provider: never a domain burst). */
const gmail = (tag: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `${tag}.${from + i}@gmail.com`);

let addressCounter = 0;
/** An IPv4 address no other test of this file uses. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
};

describe('entry bursts (RATE_LIMIT on)', () => {
  let t: TestApp;
  let owner: SeededUser;
  let stranger: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    owner = await seedUser(t);
    stranger = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  /** The stored entries' flags by e-mail. */
  async function flagsByEmail(contestId: string): Promise<Map<string, string[]>> {
    const rows = await t.database.db
      .select({ email: contestEntries.email, flags: contestEntries.flags })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contestId))
      .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
    return new Map(rows.map((row) => [row.email, row.flags]));
  }

  async function entryCounter(contestId: string): Promise<number> {
    const [row] = await t.database.db
      .select({ entryCount: contests.entryCount })
      .from(contests)
      .where(eq(contests.id, contestId));
    return row!.entryCount;
  }

  async function summary(contestId: string, as: SeededUser = owner) {
    return request(t, as, { method: 'GET', url: `/api/contests/${contestId}/entries/summary` });
  }

  async function list(contestId: string, filter: string) {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries?filter=${filter}`,
    });
    return {
      entries: expectOk<ContestEntryItem[]>(response),
      total: Number(response.headers['x-total-count']),
    };
  }

  /**
   * A contest whose entries came from one address: `clean` of them within the limit, then
   * `flagged` beyond it (flagged address-burst).
   */
  async function contestWithBurst(
    clean: number,
    flagged: number,
    overrides: Parameters<typeof seedContest>[2] = {},
  ) {
    expect(clean).toBe(ADDRESS_FLAG_AFTER);
    const contest = await seedContest(t.database, owner, overrides);
    const address = freshAddress();
    const tag = randomUUID().slice(0, 8);
    const emails = gmail(tag, 0, clean + flagged);
    const first = await wave(
      t,
      contest.id,
      emails.slice(0, clean).map((email) => ({ address, email })),
    );
    const second = await wave(
      t,
      contest.id,
      emails.slice(clean).map((email) => ({ address, email })),
    );
    expect(statusesOf([...first, ...second])).toEqual(all(clean + flagged, 201));
    const flags = await flagsByEmail(contest.id);
    const flaggedEmails = new Set(emails.slice(clean));
    const entries = (await list(contest.id, 'all')).entries;
    return {
      contest,
      flaggedIds: entries.filter((entry) => flaggedEmails.has(entry.email)).map((e) => e.id),
      cleanIds: entries.filter((entry) => !flaggedEmails.has(entry.email)).map((e) => e.id),
      flags,
    };
  }

  describe('per client address', () => {
    it('flags entries 21 to 100 from one address and refuses the rest with 429', async () => {
      const contest = await seedContest(t.database, owner);
      const address = freshAddress();
      const emails = gmail('burst', 1, 200);
      const from = (start: number, end: number) =>
        emails.slice(start, end).map((email) => ({ address, email }));

      const clean = await wave(t, contest.id, from(0, ADDRESS_FLAG_AFTER));
      expect(statusesOf(clean)).toEqual(all(20, 201));
      const flagged = await wave(t, contest.id, from(ADDRESS_FLAG_AFTER, ADDRESS_REFUSE_AFTER));
      expect(statusesOf(flagged)).toEqual(all(80, 201));
      const refused = await wave(t, contest.id, from(ADDRESS_REFUSE_AFTER, 200));
      expect(statusesOf(refused)).toEqual(all(100, 429));
      for (const response of refused) {
        expect(response.json()).toEqual({
          message: entryMessages.tooManyFromAddress,
          code: 'RATE_LIMITED',
        });
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }

      const flags = await flagsByEmail(contest.id);
      expect(flags.size).toBe(100);
      expect(await entryCounter(contest.id)).toBe(100);
      emails.forEach((email, index) => {
        const expected =
          index < ADDRESS_FLAG_AFTER ? [] : index < ADDRESS_REFUSE_AFTER ? ['address-burst'] : null;
        expect(flags.get(email) ?? null, `entry ${index + 1}`).toEqual(expected);
      });

      // Another contest counts this address afresh, and another address is not affected here.
      const other = await seedContest(t.database, owner);
      expect((await enterFrom(t, other.id, { address, email: 'next@gmail.com' })).statusCode).toBe(
        201,
      );
      const neighbour = { address: freshAddress(), email: 'neighbour@gmail.com' };
      expect((await enterFrom(t, contest.id, neighbour)).statusCode).toBe(201);
      expect((await flagsByEmail(other.id)).get('next@gmail.com')).toEqual([]);
      expect((await flagsByEmail(contest.id)).get('neighbour@gmail.com')).toEqual([]);
    });

    it('counts an IPv6 client by its /64', async () => {
      const contest = await seedContest(t.database, owner);
      const emails = gmail('six', 0, 26);
      const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe'];
      const first = await wave(
        t,
        contest.id,
        emails.slice(0, 15).map((email) => ({ address: sameNetwork[0]!, email })),
      );
      const second = await wave(
        t,
        contest.id,
        emails.slice(15, 20).map((email) => ({ address: sameNetwork[1]!, email })),
      );
      const third = await wave(
        t,
        contest.id,
        emails.slice(20, 25).map((email) => ({ address: sameNetwork[1]!, email })),
      );
      const otherNetwork = await enterFrom(t, contest.id, {
        address: '2001:db8:1:3::1',
        email: emails[25]!,
      });
      expect(statusesOf([...first, ...second, ...third, otherNetwork])).toEqual(all(26, 201));
      const flags = await flagsByEmail(contest.id);
      expect(emails.map((email) => flags.get(email))).toEqual([
        ...Array<string[]>(20).fill([]),
        ...Array<string[]>(5).fill(['address-burst']),
        [],
      ]);
    });

    it('shares the count between two instances on one database', async () => {
      const second = await createTestApp({ database: t.database, env: ENV });
      try {
        const contest = await seedContest(t.database, owner);
        const address = freshAddress();
        const emails = gmail('shared', 0, 30);
        const viaFirst = await wave(
          t,
          contest.id,
          emails.slice(0, 15).map((email) => ({ address, email })),
        );
        const viaSecond = await wave(
          second,
          contest.id,
          emails.slice(15).map((email) => ({ address, email })),
        );
        expect(statusesOf([...viaFirst, ...viaSecond])).toEqual(all(30, 201));
        const flags = await flagsByEmail(contest.id);
        expect(emails.map((email) => flags.get(email))).toEqual([
          ...Array<string[]>(20).fill([]),
          ...Array<string[]>(10).fill(['address-burst']),
        ]);
      } finally {
        await second.close();
      }
    });

    it('counts nothing with RATE_LIMIT off, nor for an import', async () => {
      const unlimited = await createTestApp({
        database: t.database,
        env: { ...ENV, RATE_LIMIT: 'off' },
      });
      try {
        const contest = await seedContest(t.database, owner);
        const address = freshAddress();
        const entrants = Array.from({ length: 40 }, (_, i) => ({
          address,
          email: `unlimited${i}@acme-gym.com`,
        }));
        expect(statusesOf(await wave(unlimited, contest.id, entrants))).toEqual(all(40, 201));
        expect([...(await flagsByEmail(contest.id)).values()].flat()).toEqual([]);
      } finally {
        await unlimited.close();
      }
      const imported = await seedContest(t.database, owner);
      const csv = `name,email\n${Array.from({ length: 40 }, (_, i) => `Fan ${i},imported${i}@acme-gym.com`).join('\n')}\n`;
      const response = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${imported.id}/entries/import`,
        ...csvFileForm(csv),
      });
      expect(expectOk<{ imported: number }>(response).imported).toBe(40);
      expect([...(await flagsByEmail(imported.id)).values()].flat()).toEqual([]);
    });
  });

  describe('per domain', () => {
    it('flags entries beyond 30 in 10 minutes at one small domain, never at gmail.com', async () => {
      const contest = await seedContest(t.database, owner);
      const atGym = (from: number, count: number, domain = 'acme-gym.com') =>
        Array.from({ length: count }, (_, i) => ({
          address: `203.0.113.${from + i}`,
          email: `member${from + i}@${domain}`,
        }));
      const within = await wave(t, contest.id, atGym(1, DOMAIN_FLAG_AFTER));
      // The domain in another letter case is the same domain.
      const beyond = await wave(t, contest.id, atGym(101, 3, 'ACME-GYM.com'));
      const elsewhere = await wave(t, contest.id, atGym(201, 1, 'other-gym.com'));
      const popular = await wave(
        t,
        contest.id,
        gmail('popular', 0, 40).map((email, i) => ({ address: `192.0.2.${i + 1}`, email })),
      );
      expect(statusesOf([...within, ...beyond, ...elsewhere, ...popular])).toEqual(
        all(DOMAIN_FLAG_AFTER + 3 + 1 + 40, 201),
      );
      const flags = await flagsByEmail(contest.id);
      const flagged = [...flags].filter(([, value]) => value.length > 0);
      expect(flagged.sort()).toEqual([
        ['member101@ACME-GYM.com', ['domain-burst']],
        ['member102@ACME-GYM.com', ['domain-burst']],
        ['member103@ACME-GYM.com', ['domain-burst']],
      ]);
      expect(flags.size).toBe(DOMAIN_FLAG_AFTER + 3 + 1 + 40);

      // Another contest counts the domain afresh.
      const other = await seedContest(t.database, owner);
      const [next] = atGym(250, 1);
      expect((await enterFrom(t, other.id, next!)).statusCode).toBe(201);
      expect((await flagsByEmail(other.id)).get(next!.email)).toEqual([]);
    });

    it('gives both flags to a burst from one address at one small domain', async () => {
      const contest = await seedContest(t.database, owner);
      const address = freshAddress();
      const entrants = Array.from({ length: 32 }, (_, i) => ({
        address,
        email: `both${i}@tiny-box.com`,
      }));
      const first = await wave(t, contest.id, entrants.slice(0, 30));
      const second = await wave(t, contest.id, entrants.slice(30));
      expect(statusesOf([...first, ...second])).toEqual(all(32, 201));
      const flags = await flagsByEmail(contest.id);
      expect(flags.get('both31@tiny-box.com')).toEqual(['address-burst', 'domain-burst']);
      expect(flags.get('both20@tiny-box.com')).toEqual(['address-burst']);
      expect(flags.get('both19@tiny-box.com')).toEqual([]);
    });
  });

  describe("the owner's view", () => {
    it('lists, counts, clears and removes flagged entries; refuses both after the freeze', async () => {
      const { contest, flaggedIds, cleanIds } = await contestWithBurst(20, 5, { winnersCount: 3 });
      expect(expectOk<EntrySummary>(await summary(contest.id))).toEqual({
        all: 25,
        confirmed: 25,
        pending: 0,
        flagged: 5,
        referred: 0,
      });
      const flaggedList = await list(contest.id, 'flagged');
      expect(flaggedList.total).toBe(5);
      expect(flaggedList.entries.map((entry) => entry.id).sort()).toEqual([...flaggedIds].sort());
      for (const entry of flaggedList.entries) expect(entry.flags).toEqual(['address-burst']);
      expect((await list(contest.id, 'confirmed')).total).toBe(25);
      expect(await list(contest.id, 'pending')).toEqual({ entries: [], total: 0 });
      expect((await list(contest.id, 'all')).total).toBe(25);
      const badFilter = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries?filter=spam`,
      });
      expect(badFilter.statusCode).toBe(400);

      const url = (entryId: string, rest = '') =>
        `/api/contests/${contest.id}/entries/${entryId}${rest}`;
      const clearFlag = (entryId: string, flag: string, as: SeededUser = owner) =>
        request(t, as, { method: 'DELETE', url: url(entryId, `/flags/${flag}`) });
      const remove = (entryId: string, as: SeededUser = owner) =>
        request(t, as, { method: 'DELETE', url: url(entryId) });

      // Clearing a flag answers the entry without it.
      const cleared = expectOk<ContestEntryItem>(await clearFlag(flaggedIds[0]!, 'address-burst'));
      expect(cleared).toMatchObject({ id: flaggedIds[0], status: 'confirmed', flags: [] });
      expect(Object.keys(cleared).sort()).toEqual(
        [
          'confirmationMail',
          'consent',
          'consentAt',
          'country',
          'drawDecision',
          'email',
          'entryDate',
          'flags',
          'id',
          'leftOut',
          'name',
          'referralReason',
          'referrals',
          'referred',
          'status',
          'weight',
        ].sort(),
      );
      expect(expectOk<EntrySummary>(await summary(contest.id)).flagged).toBe(4);
      expect(statusesOf([await clearFlag(flaggedIds[1]!, 'spam')])).toEqual([400]);
      expectError(await clearFlag(flaggedIds[1]!, 'alias'), 400, 'BAD_REQUEST');

      // Another owner, an unknown entry, another contest's entry: not found.
      const elsewhere = await seedContest(t.database, owner);
      const [foreign] = await t.database.db
        .insert(contestEntries)
        .values({ contestId: elsewhere.id, name: 'Far Away', email: 'far@example.com' })
        .returning({ id: contestEntries.id });
      for (const response of [
        await clearFlag(flaggedIds[1]!, 'address-burst', stranger),
        await remove(flaggedIds[1]!, stranger),
        await summary(contest.id, stranger),
        await clearFlag(randomUUID(), 'address-burst'),
        await remove(randomUUID()),
        await remove('not-an-id'),
        await remove(foreign!.id),
      ]) {
        expectError(response, 404, 'NOT_FOUND');
      }
      expect((await list(contest.id, 'flagged')).total).toBe(4);

      // Removing a confirmed entry frees its place.
      expect((await remove(flaggedIds[1]!)).statusCode).toBe(204);
      expectError(await remove(flaggedIds[1]!), 404, 'NOT_FOUND');
      expect(await entryCounter(contest.id)).toBe(24);
      expect(expectOk<EntrySummary>(await summary(contest.id))).toEqual({
        all: 24,
        confirmed: 24,
        pending: 0,
        flagged: 3,
        referred: 0,
      });

      // A burst flag alone leaves nobody out (docs/product.md#flagged-entries): the wheel and
      // the draw hold the three flagged entries too.
      expect(expectOk<{ count: number }>(await api.wheel(owner, contest.id)).count).toBe(24);
      const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      for (const result of [drawn, record]) {
        expect(result.entries?.count).toBe(24);
        expect(result.entriesLeftOut).toBe(0);
        expect(result.excluded).toEqual([]);
      }
      expect(record.picks).toHaveLength(3);

      // The frozen list cannot change: neither flags nor entries.
      expectError(
        await clearFlag(flaggedIds[2]!, 'address-burst'),
        409,
        'ALREADY_DRAWN',
        drawMessages.entriesLocked,
      );
      expectError(await remove(flaggedIds[2]!), 409, 'ALREADY_DRAWN', drawMessages.entriesLocked);
      expectError(await remove(cleanIds[0]!), 409, 'ALREADY_DRAWN', drawMessages.entriesLocked);
      expect(await entryCounter(contest.id)).toBe(24);
      expect((await list(contest.id, 'flagged')).total).toBe(3);
    });

    it('refuses a pick by hand of a flagged entry left out, before anything is frozen', async () => {
      const { contest, flaggedIds } = await contestWithBurst(20, 1, {
        excludedFlags: ['address-burst'],
      });
      expectError(
        await api.drawWinner(owner, contest.id, { winnerId: flaggedIds[0] }),
        400,
        'NOT_AN_ENTRY',
      );
      const [row] = await t.database.db
        .select({ frozenAt: contests.frozenAt })
        .from(contests)
        .where(eq(contests.id, contest.id));
      expect(row!.frozenAt).toBeNull();
    });

    it('leaves the flagged entries out when the owner says so before the draw', async () => {
      const { contest } = await contestWithBurst(20, 5);
      const leaveOut = () =>
        request(t, owner, {
          method: 'PUT',
          url: `/api/contests/${contest.id}/flag-review/address-burst`,
          payload: { decision: 'exclude' },
        });
      expectOk(await leaveOut());
      expect(expectOk<{ count: number }>(await api.wheel(owner, contest.id)).count).toBe(20);
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      expect(record.entries?.count).toBe(20);
      expect(record.entriesLeftOut).toBe(5);
      expect(record.excluded).toEqual([{ reason: 'address-burst', count: 5 }]);
      expectError(await leaveOut(), 409, 'ALREADY_DRAWN', drawMessages.entriesLocked);
    });
  });
});
