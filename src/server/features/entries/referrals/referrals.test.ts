import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { keyedDigest } from '#server/lib/keyed-digest.ts';
import { latestMailTo, linkIn, mailsTo } from '#server/testing/auth-helpers.ts';
import { drawApi, expectError, expectOk } from '#server/testing/draw-api.ts';
import {
  contestBody,
  pageFormFields,
  proveReferredFriends,
  request,
  seedContest,
  type SeededUser,
  seedEntries,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import type { ContestEntryItem, EntryReceipt } from '#shared/contracts/entries.ts';
import {
  LEADERBOARD_SIZE,
  REFERRAL_CAP_DEFAULT,
  referralMessages,
  type EntryStanding,
  type LeaderboardItem,
  type TopReferrer,
} from '#shared/contracts/referrals.ts';

/**
 * Referrals (issue 15): an entrant's personal link earns them `referralBonus` entries per friend
 * whose entry counts (accepted, confirmed where confirmation is required, not flagged), never
 * for their own mailbox or from their own client address within the burst window (1 hour), at
 * most `referralCap` of them; weight = 1 + bonus.
 *
 * Every entry here says its client address in X-Forwarded-For (TRUST_PROXY on): without it,
 * every request comes from the same address as the referrer, and no referral would count.
 */

const ENV = { TRUST_PROXY: 'on' };

let addressCounter = 0;
/** An IPv4 address no other request of this file uses. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
};

// A public provider's: a referrer's friends at one company domain count 3 at most.
const uniqueMail = (tag = 'fan') => `${tag}.${randomUUID().slice(0, 8)}@gmail.com`;

type Entrant = {
  name?: string;
  email?: string;
  /** The `ref` field as sent (any JSON value: the route must ignore what is not a code). */
  ref?: unknown;
  address?: string;
  formToken?: string;
};

/** The personal link's code, 16 lowercase hex characters. */
const CODE_SHAPE = /^[0-9a-f]{16}$/;

/** The entry page's path and the status page's token of a status link. */
function parseStatusUrl(statusUrl: string) {
  const url = new URL(statusUrl);
  const match = /^\/c\/([^/]+)\/status\/([^/]+)$/.exec(url.pathname);
  if (!match) throw new Error(`not a status link: ${statusUrl}`);
  return { contestId: match[1]!, entryId: match[2]!, token: url.searchParams.get('token') ?? '' };
}

describe('referrals', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Friends here prove their mailbox at once (proven-friends.test.ts presses the link). */
  const enter = async (contestId: string, entrant: Entrant = {}) => {
    const response = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: {
        name: entrant.name ?? 'Fan Example',
        email: entrant.email ?? uniqueMail(),
        ...(entrant.ref !== undefined && { ref: entrant.ref }),
        formToken: entrant.formToken ?? pageFormFields(t, contestId).formToken,
      },
      headers: { 'x-forwarded-for': entrant.address ?? freshAddress() },
    });
    if (entrant.ref !== undefined) await proveReferredFriends(t.database, contestId);
    return response;
  };

  const entered = async (contestId: string, entrant: Entrant = {}) =>
    expectOk<EntryReceipt>(await enter(contestId, entrant), 201);

  /** A referrer's code (from their answer), for their friends' `ref`. */
  const codeOf = (receipt: EntryReceipt) => {
    expect(receipt.referral, 'the answer carries the personal link').toBeDefined();
    return receipt.referral!.code;
  };

  const referralContest = (overrides: Partial<Contest> = {}) =>
    seedContest(t.database, owner, { referralBonus: 2, referralCap: 50, ...overrides });

  async function ownerList(contestId: string, filter = 'all') {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries`,
      query: { filter, limit: '1000' },
    });
    return {
      entries: expectOk<ContestEntryItem[]>(response),
      total: Number(response.headers['x-total-count']),
    };
  }

  /** One entry as the owner's list shows it. */
  async function itemOf(contestId: string, entryId: string): Promise<ContestEntryItem> {
    const item = (await ownerList(contestId)).entries.find((entry) => entry.id === entryId);
    if (!item) throw new Error(`entry ${entryId} is not in the owner's list`);
    return item;
  }

  const standingOf = (receipt: EntryReceipt) => {
    const { contestId, entryId, token } = parseStatusUrl(receipt.referral!.statusUrl);
    return status(contestId, entryId, token);
  };

  const status = (contestId: string, entryId: string, token: string) =>
    request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries/${entryId}/status`,
      query: { token },
    });

  const leaderboard = (contestId: string) =>
    request(t, undefined, { method: 'GET', url: `/api/contests/${contestId}/leaderboard` });

  const removeEntry = (contestId: string, entryId: string) =>
    request(t, owner, { method: 'DELETE', url: `/api/contests/${contestId}/entries/${entryId}` });

  const clearFlag = (contestId: string, entryId: string, flag: string) =>
    request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contestId}/entries/${entryId}/flags/${flag}`,
    });

  describe('contest settings', () => {
    const create = (body: object) =>
      request(t, owner, { method: 'POST', url: '/api/contests', payload: body });
    const edit = (contestId: string, body: object) =>
      request(t, owner, {
        method: 'PUT',
        url: `/api/contests/${contestId}`,
        payload: { ...contestBody({ maxEntries: null }), ...body },
      });
    const view = (as: SeededUser | undefined, contestId: string) =>
      request(t, as, { method: 'GET', url: `/api/contests/${contestId}` });

    it('defaults to referrals off, a cap of 50 and no leaderboard', async () => {
      const created = expectOk<OwnerContest>(await create(contestBody()), 201);
      const settings = {
        referralBonus: 0,
        referralCap: REFERRAL_CAP_DEFAULT,
        showLeaderboard: false,
      };
      expect(created).toMatchObject(settings);
      expect(expectOk<OwnerContest>(await view(owner, created.id))).toMatchObject(settings);
      expect(expectOk(await view(undefined, created.id))).toMatchObject(settings);
    });

    it('takes the settings on create and edit, keeps them when left out, shows them publicly', async () => {
      const settings = { referralBonus: 3, referralCap: 120, showLeaderboard: true };
      const created = expectOk<OwnerContest>(await create(contestBody(settings)), 201);
      expect(created).toMatchObject(settings);
      // Anonymous visitors and other users see them: the entry page tells what a friend is worth.
      const stranger = await seedUser(t);
      for (const as of [undefined, stranger]) {
        const visible = expectOk<Record<string, unknown>>(await view(as, created.id));
        expect(visible).toMatchObject(settings);
      }

      const edited = expectOk<OwnerContest>(
        await edit(created.id, { referralBonus: 10, referralCap: 1000, showLeaderboard: false }),
      );
      expect(edited).toMatchObject({
        referralBonus: 10,
        referralCap: 1000,
        showLeaderboard: false,
      });
      // An edit that leaves them out keeps them.
      const kept = expectOk<OwnerContest>(await edit(created.id, { title: 'Renamed' }));
      expect(kept).toMatchObject({
        title: 'Renamed',
        referralBonus: 10,
        referralCap: 1000,
        showLeaderboard: false,
      });
      // The lowest values are taken too.
      const lowest = expectOk<OwnerContest>(
        await edit(created.id, { referralBonus: 0, referralCap: 1 }),
      );
      expect(lowest).toMatchObject({ referralBonus: 0, referralCap: 1 });
    });

    it.each([
      ['referralBonus', -1, 'Bonus entries per referral must be at least 0'],
      ['referralBonus', 11, 'Bonus entries per referral must be at most 10'],
      ['referralBonus', 1.5, 'Bonus entries per referral must be a whole number'],
      ['referralBonus', '3', 'Bonus entries per referral must be a whole number'],
      ['referralBonus', null, 'Bonus entries per referral must be a whole number'],
      ['referralCap', 0, 'Bonus entry cap must be at least 1'],
      ['referralCap', 1001, 'Bonus entry cap must be at most 1,000'],
      ['referralCap', 2.5, 'Bonus entry cap must be a whole number'],
      ['referralCap', '50', 'Bonus entry cap must be a whole number'],
    ])('refuses %s %j on create and on edit with its message', async (field, value, message) => {
      const refused = expectError(
        await create(contestBody({ [field]: value })),
        400,
        'VALIDATION',
      ) as { errors: Record<string, string> };
      expect(refused.errors[field]).toBe(message);

      const contest = expectOk<OwnerContest>(
        await create(contestBody({ referralBonus: 2, referralCap: 40 })),
        201,
      );
      const editRefused = expectError(
        await edit(contest.id, { [field]: value }),
        400,
        'VALIDATION',
      ) as {
        errors: Record<string, string>;
      };
      expect(editRefused.errors[field]).toBe(message);
      expect(expectOk<OwnerContest>(await view(owner, contest.id))).toMatchObject({
        referralBonus: 2,
        referralCap: 40,
      });
    });

    it('refuses a showLeaderboard that is not a boolean', async () => {
      const refused = expectError(
        await create(contestBody({ showLeaderboard: 'yes' as unknown as boolean })),
        400,
        'VALIDATION',
      ) as { errors: Record<string, string> };
      expect(refused.errors).toHaveProperty('showLeaderboard');
    });

    it('locks the bonus and the cap after the first draw, not the leaderboard', async () => {
      const contest = expectOk<OwnerContest>(
        await create(contestBody({ referralBonus: 2, referralCap: 40 })),
        201,
      );
      // Before the draw they change freely.
      expect(
        expectOk<OwnerContest>(await edit(contest.id, { referralBonus: 3 })).referralBonus,
      ).toBe(3);
      await entered(contest.id, { name: 'Ada Lovelace' });
      await entered(contest.id, { name: 'Alan Turing' });
      expectOk(await api.drawPlaces(owner, contest.id));

      for (const [field, value] of [
        ['referralBonus', 4],
        ['referralBonus', 0],
        ['referralCap', 41],
        ['referralCap', 1],
      ] as const) {
        const locked = expectError(
          await edit(contest.id, { [field]: value }),
          409,
          'WINNERS_COUNT_LOCKED',
          referralMessages.referralsLocked,
        );
        expect(locked.errors).toEqual({ [field]: referralMessages.referralsLocked });
      }
      expect(expectOk<OwnerContest>(await view(owner, contest.id))).toMatchObject({
        referralBonus: 3,
        referralCap: 40,
      });
      // The same values, and the leaderboard, still go through.
      const shown = expectOk<OwnerContest>(
        await edit(contest.id, { referralBonus: 3, referralCap: 40, showLeaderboard: true }),
      );
      expect(shown).toMatchObject({ referralBonus: 3, referralCap: 40, showLeaderboard: true });
      const hidden = expectOk<OwnerContest>(await edit(contest.id, { showLeaderboard: false }));
      expect(hidden.showLeaderboard).toBe(false);
    });
  });

  describe('entering through a personal link', () => {
    it('answers a referral contest’s entry with its personal link and status link', async () => {
      const contest = await referralContest();
      const receipt = await entered(contest.id, { name: 'Maria Sanchez' });
      const { referral } = receipt;
      expect(referral).toBeDefined();
      expect(referral!.code).toMatch(CODE_SHAPE);
      expect(referral!.url).toBe(`${TEST_APP_URL}/c/${contest.id}?ref=${referral!.code}`);
      const statusLink = parseStatusUrl(referral!.statusUrl);
      expect(referral!.statusUrl.startsWith(`${TEST_APP_URL}/c/${contest.id}/status/`)).toBe(true);
      expect(statusLink).toMatchObject({ contestId: contest.id, entryId: receipt.id });
      expect(statusLink.token).not.toBe('');
      expect(Object.keys(referral!).sort()).toEqual(['code', 'statusUrl', 'url']);

      // Every entrant has a code of their own.
      const other = await entered(contest.id);
      expect(codeOf(other)).not.toBe(referral!.code);
    });

    it('gives no personal link when the contest has referrals off', async () => {
      const contest = await seedContest(t.database, owner);
      const receipt = await entered(contest.id);
      expect(receipt).not.toHaveProperty('referral');
      const [row] = await t.database.db
        .select({
          referralCode: contestEntries.referralCode,
          clientHash: contestEntries.clientHash,
        })
        .from(contestEntries)
        .where(eq(contestEntries.id, receipt.id));
      expect(row).toEqual({ referralCode: null, clientHash: null });
      const item = await itemOf(contest.id, receipt.id);
      expect(item).toMatchObject({ referrals: 0, weight: 1, referred: false });
    });

    it('credits the referrer with a friend who enters through their link', async () => {
      const contest = await referralContest({ referralBonus: 3 });
      const referrer = await entered(contest.id, { name: 'Maria Sanchez' });
      const bystander = await entered(contest.id, { name: 'Bystander Example' });
      const friend = await entered(contest.id, { name: 'Friend One', ref: codeOf(referrer) });
      expect(friend.referral?.code).toMatch(CODE_SHAPE);

      const { entries, total } = await ownerList(contest.id);
      expect(total).toBe(3);
      const byId = new Map(entries.map((entry) => [entry.id, entry]));
      expect(byId.get(referrer.id)).toMatchObject({ referrals: 1, weight: 4, referred: false });
      expect(byId.get(friend.id)).toMatchObject({ referrals: 0, weight: 1, referred: true });
      expect(byId.get(bystander.id)).toMatchObject({ referrals: 0, weight: 1, referred: false });

      const referred = await ownerList(contest.id, 'referred');
      expect(referred.entries.map((entry) => entry.id)).toEqual([friend.id]);
      expect(referred.total).toBe(1);

      // A search reads the same counts.
      const searched = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries`,
        query: { search: 'Maria' },
      });
      expect(expectOk<ContestEntryItem[]>(searched)).toEqual([
        expect.objectContaining({ id: referrer.id, referrals: 1, weight: 4, referred: false }),
      ]);
      const searchedReferred = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries`,
        query: { search: 'Friend', filter: 'referred' },
      });
      expect(expectOk<ContestEntryItem[]>(searchedReferred).map((entry) => entry.id)).toEqual([
        friend.id,
      ]);

      // The owner's top referrers.
      const top = expectOk<TopReferrer[]>(
        await request(t, owner, { method: 'GET', url: `/api/contests/${contest.id}/referrers` }),
      );
      expect(top).toEqual([
        {
          id: referrer.id,
          name: 'Maria Sanchez',
          email: expect.stringContaining('@') as unknown as string,
          referrals: 1,
          weight: 4,
        },
      ]);
      // Only the owner reads them.
      const stranger = await seedUser(t);
      for (const as of [undefined, stranger]) {
        const response = await request(t, as, {
          method: 'GET',
          url: `/api/contests/${contest.id}/referrers`,
        });
        expect([401, 403, 404]).toContain(response.statusCode);
      }
    });

    it.each([
      ['not hex', 'not-a-referral!!'],
      ['too short', 'abc123'],
      ['too long', 'a'.repeat(17)],
      ['a number', 1234567890123456],
      ['an object', { code: 'abcdef0123456789' }],
      ['an empty string', ''],
    ])('accepts an entry whose ref is %s, crediting nobody', async (_what, ref) => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      const friend = await entered(contest.id, { ref });
      expect(friend.referral?.code).toMatch(CODE_SHAPE);
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });
      expect(await itemOf(contest.id, friend.id)).toMatchObject({ referred: false });
      expect((await ownerList(contest.id, 'referred')).total).toBe(0);
    });

    it('accepts an entry with an unknown code or a code in capitals, crediting nobody', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      const code = codeOf(referrer);
      const unknown = code === 'ffffffffffffffff' ? '0000000000000000' : 'ffffffffffffffff';
      for (const ref of [unknown, code.toUpperCase()]) {
        const friend = await entered(contest.id, { ref });
        expect(await itemOf(contest.id, friend.id)).toMatchObject({ referred: false });
      }
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });
    });

    it('ignores a code on a contest with referrals off', async () => {
      const withReferrals = await referralContest();
      const code = codeOf(await entered(withReferrals.id));
      const contest = await seedContest(t.database, owner);
      const receipt = await entered(contest.id, { ref: code });
      expect(receipt).not.toHaveProperty('referral');
      expect(await itemOf(contest.id, receipt.id)).toMatchObject({ referred: false, weight: 1 });
    });
  });

  describe('what does not count', () => {
    it('never credits the referrer’s own mailbox: another spelling of it is a duplicate', async () => {
      const contest = await referralContest();
      const tag = randomUUID().slice(0, 6);
      const referrer = await entered(contest.id, { email: `maria.sanchez.${tag}@gmail.com` });
      const code = codeOf(referrer);
      for (const email of [
        `Maria.Sanchez.${tag}@Gmail.com`,
        `mariasanchez${tag}@gmail.com`,
        `maria.sanchez.${tag}+friends@gmail.com`,
        `m.a.r.i.a.sanchez${tag}@googlemail.com`,
      ]) {
        const response = await enter(contest.id, { email, ref: code });
        expect(response.statusCode, email).toBe(409);
      }
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });

      // Another mailbox of the same person is a friend like any other.
      const second = await entered(contest.id, {
        email: `maria.work.${tag}@example.org`,
        ref: code,
      });
      expect(await itemOf(contest.id, second.id)).toMatchObject({ referred: true });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });
    });

    it('does not credit a code from another contest', async () => {
      const first = await referralContest();
      const second = await referralContest();
      const referrer = await entered(first.id);
      const friend = await entered(second.id, { ref: codeOf(referrer) });
      expect(await itemOf(second.id, friend.id)).toMatchObject({ referred: false });
      expect(await itemOf(first.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });
      // The referrer entering the second contest too has a new code there: the old one is
      // still not theirs in it.
      const again = await entered(second.id, { email: uniqueMail('again') });
      expect(codeOf(again)).not.toBe(codeOf(referrer));
      expect(await itemOf(second.id, again.id)).toMatchObject({ referrals: 0 });
    });

    it('does not credit a friend from the referrer’s own client address, however long after', async () => {
      const contest = await referralContest();
      const home = freshAddress();
      const referrer = await entered(contest.id, { address: home });
      const code = codeOf(referrer);
      const sameAddress = await entered(contest.id, { address: home, ref: code });
      expect(await itemOf(contest.id, sameAddress.id)).toMatchObject({ referred: false });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0 });

      const elsewhere = await entered(contest.id, { address: freshAddress(), ref: code });
      expect(await itemOf(contest.id, elsewhere.id)).toMatchObject({ referred: true });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });

      // Past the hour of the burst window too (the same network for the whole contest).
      await t.database.db
        .update(contestEntries)
        .set({ entryDate: sql`now() - interval '61 minutes'` })
        .where(eq(contestEntries.id, referrer.id));
      const later = await entered(contest.id, { address: home, ref: code });
      expect(await itemOf(contest.id, later.id)).toMatchObject({ referred: false });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });
    });

    it('counts an IPv6 client by its /64 and the /56 around it', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id, { address: '2001:db8:15:1::1' });
      const code = codeOf(referrer);
      const sameNetwork = await entered(contest.id, {
        address: '2001:db8:15:1:ffff::2',
        ref: code,
      });
      expect(await itemOf(contest.id, sameNetwork.id)).toMatchObject({ referred: false });
      const sameHome = await entered(contest.id, { address: '2001:db8:15:2::1', ref: code });
      expect(await itemOf(contest.id, sameHome.id)).toMatchObject({ referred: false });
      // Another /56 of the same /48 (ipv6-networks.test.ts: up to two friends there).
      const otherNetwork = await entered(contest.id, { address: '2001:db8:15:200::1', ref: code });
      expect(await itemOf(contest.id, otherNetwork.id)).toMatchObject({ referred: true });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1 });
    });

    it('stores no client address, only a keyed hash of it', async () => {
      const contest = await referralContest();
      const address = freshAddress();
      const receipt = await entered(contest.id, { address });
      const [row] = await t.database.db
        .select()
        .from(contestEntries)
        .where(eq(contestEntries.id, receipt.id));
      expect(row!.clientHash).toEqual(expect.any(String));
      expect(row!.clientHash).not.toContain(address);
      expect(JSON.stringify(row)).not.toContain(address);
    });

    it('counts a pending friend only once they confirm', async () => {
      const contest = await referralContest({ requireConfirmation: true });
      const referrer = await entered(contest.id);
      expect(referrer.status).toBe('pending');
      const friendEmail = uniqueMail('pending');
      const friend = await entered(contest.id, { email: friendEmail, ref: codeOf(referrer) });
      expect(friend.status).toBe('pending');
      expect(await itemOf(contest.id, friend.id)).toMatchObject({
        status: 'pending',
        referred: true,
      });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });
      expect((await ownerList(contest.id, 'referred')).total).toBe(1);

      const link = linkIn((await latestMailTo(t, friendEmail)).text, '/entries/confirm');
      const confirmed = await request(t, undefined, {
        method: 'POST',
        url: '/api/entries/confirm',
        payload: { token: new URL(link).searchParams.get('token')! },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });
    });

    it('does not count a flagged friend until the owner clears the flag', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      // Sent 2.5 s after the page opened: accepted, flagged fast-submit.
      const formToken = issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 2500);
      const friend = await entered(contest.id, { ref: codeOf(referrer), formToken });
      expect(await itemOf(contest.id, friend.id)).toMatchObject({
        flags: ['fast-submit'],
        referred: true,
      });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });

      const cleared = expectOk<ContestEntryItem>(
        await clearFlag(contest.id, friend.id, 'fast-submit'),
      );
      expect(cleared).toMatchObject({ id: friend.id, flags: [], referred: true, referrals: 0 });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });
    });

    it('takes the bonus back when the owner removes a friend', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      const code = codeOf(referrer);
      const friends = [
        await entered(contest.id, { ref: code }),
        await entered(contest.id, { ref: code }),
      ];
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 2, weight: 5 });

      expect((await removeEntry(contest.id, friends[0]!.id)).statusCode).toBe(204);
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 3 });
      expect((await removeEntry(contest.id, friends[1]!.id)).statusCode).toBe(204);
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });
      expect((await ownerList(contest.id, 'referred')).total).toBe(0);
    });

    it('keeps a friend’s entry when the owner removes the referrer', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      const friend = await entered(contest.id, { ref: codeOf(referrer) });
      expect((await removeEntry(contest.id, referrer.id)).statusCode).toBe(204);
      const { entries } = await ownerList(contest.id);
      expect(entries.map((entry) => entry.id)).toEqual([friend.id]);
      expect(entries[0]).toMatchObject({ referrals: 0, weight: 1, referred: true });
      // The removed referrer's code credits nobody any more.
      const late = await entered(contest.id, { ref: codeOf(referrer) });
      expect(await itemOf(contest.id, late.id)).toMatchObject({ referred: false });
    });

    it('counts a friend only once however often they try', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      const email = uniqueMail('twice');
      await entered(contest.id, { email, ref: codeOf(referrer) });
      expect((await enter(contest.id, { email, ref: codeOf(referrer) })).statusCode).toBe(409);
      expect(
        (await enter(contest.id, { email: email.toUpperCase(), ref: codeOf(referrer) })).statusCode,
      ).toBe(409);
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1 });
    });
  });

  describe('the cap', () => {
    it('gives at most referralCap bonus entries (bonus 10, cap 15)', async () => {
      const contest = await referralContest({ referralBonus: 10, referralCap: 15 });
      const referrer = await entered(contest.id);
      const code = codeOf(referrer);
      await entered(contest.id, { ref: code });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 1, weight: 11 });
      await entered(contest.id, { ref: code });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 2, weight: 16 });
      await entered(contest.id, { ref: code });
      expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 3, weight: 16 });
      const standing = expectOk<EntryStanding>(await standingOf(referrer));
      expect(standing).toMatchObject({ referrals: 3, entries: 16 });
    });
  });

  describe('the public leaderboard', () => {
    it('is 404 with its message when the owner has not turned it on', async () => {
      const contest = await referralContest();
      const referrer = await entered(contest.id);
      await entered(contest.id, { ref: codeOf(referrer) });
      const response = await leaderboard(contest.id);
      expectError(response, 404, 'NOT_FOUND', referralMessages.leaderboardOff);
    });

    it('is 404 for an unknown contest, a malformed id and a draft', async () => {
      expect((await leaderboard(randomUUID())).statusCode).toBe(404);
      expect((await leaderboard('not-a-uuid')).statusCode).toBe(404);
      const draft = await referralContest({ showLeaderboard: true, publishedAt: null });
      expect((await leaderboard(draft.id)).statusCode).toBe(404);
    });

    it('lists the top ten referrers by display name, most referrals first, no e-mail', async () => {
      const contest = await referralContest({ showLeaderboard: true });
      // 12 referrers; referral counts 3, 1, 2, then 1 each: ties go to the earlier entrant.
      const counts = [3, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1];
      const referrers: EntryReceipt[] = [];
      for (const [i] of counts.entries()) {
        referrers.push(
          await entered(contest.id, {
            name: `Referrer${i} Surname${i}`,
            email: `referrer.${i}.${randomUUID().slice(0, 6)}@example.com`,
          }),
        );
      }
      for (const [i, count] of counts.entries()) {
        for (let k = 0; k < count; k += 1) {
          await entered(contest.id, {
            name: `Friend${i}x${k} Example`,
            email: `friend.${i}.${k}.${randomUUID().slice(0, 6)}@example.com`,
            ref: codeOf(referrers[i]!),
          });
        }
      }
      const response = await leaderboard(contest.id);
      const board = expectOk<LeaderboardItem[]>(response);
      expect(board).toHaveLength(LEADERBOARD_SIZE);
      const order = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9];
      expect(board).toEqual(
        order.map((i) => ({ displayName: `Referrer${i} S.`, referrals: counts[i] })),
      );
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain('Surname');
      expect(response.body).not.toMatch(/"id"|"email"|"weight"/);
    });

    it('shows "Maria S." and leaves out referrers whose own entry is flagged', async () => {
      const contest = await referralContest({ showLeaderboard: true });
      const maria = await entered(contest.id, { name: 'Maria Sanchez' });
      const formToken = issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 2500);
      const flagged = await entered(contest.id, { name: 'Flagged Person', formToken });
      for (const referrer of [maria, flagged, flagged]) {
        await entered(contest.id, { ref: codeOf(referrer) });
      }
      const board = expectOk<LeaderboardItem[]>(await leaderboard(contest.id));
      expect(board).toEqual([{ displayName: 'Maria S.', referrals: 1 }]);
      // The owner's list still counts the flagged referrer's friends.
      expect(await itemOf(contest.id, flagged.id)).toMatchObject({ referrals: 2, weight: 5 });
    });

    it('never shows an e-mail typed as a name', async () => {
      const contest = await referralContest({ showLeaderboard: true });
      const typedEmail = await entered(contest.id, { name: 'Dana dana.secret@example.com' });
      await entered(contest.id, { ref: codeOf(typedEmail) });
      const response = await leaderboard(contest.id);
      expect(expectOk<LeaderboardItem[]>(response)).toEqual([
        { displayName: 'Dana', referrals: 1 },
      ]);
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain('secret');
    });

    it('is read again once its 5-second cache has passed', async () => {
      const contest = await referralContest({ showLeaderboard: true });
      const maria = await entered(contest.id, { name: 'Maria Sanchez' });
      expect(expectOk<LeaderboardItem[]>(await leaderboard(contest.id))).toEqual([]);
      await entered(contest.id, { ref: codeOf(maria) });
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + 6000);
      expect(expectOk<LeaderboardItem[]>(await leaderboard(contest.id))).toEqual([
        { displayName: 'Maria S.', referrals: 1 },
      ]);
    });

    it('is 404 again as soon as the owner turns it off', async () => {
      const contest = await referralContest({ showLeaderboard: true });
      expect((await leaderboard(contest.id)).statusCode).toBe(200);
      const edited = await request(t, owner, {
        method: 'PUT',
        url: `/api/contests/${contest.id}`,
        payload: contestBody({ showLeaderboard: false, maxEntries: null }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expectError(await leaderboard(contest.id), 404, 'NOT_FOUND', referralMessages.leaderboardOff);
    });
  });

  describe('the status page', () => {
    it('shows the entrant their entries, referrals and rank, and nobody else’s data', async () => {
      const contest = await referralContest({ referralBonus: 3, title: 'Status Giveaway' });
      const top = await entered(contest.id, { name: 'Maria Sanchez' });
      const second = await entered(contest.id, { name: 'Jordan Lee' });
      const friends: { name: string; email: string }[] = [];
      for (const [referrer, count] of [
        [top, 2],
        [second, 1],
      ] as const) {
        for (let k = 0; k < count; k += 1) {
          const friend = { name: `Friendly Neighbour${friends.length}`, email: uniqueMail('nb') };
          friends.push(friend);
          await entered(contest.id, { ...friend, ref: codeOf(referrer) });
        }
      }
      const response = await standingOf(top);
      expect(response.headers['cache-control']).toBe('no-store');
      const standing = expectOk<EntryStanding>(response);
      expect(standing).toEqual({
        contestId: contest.id,
        contestTitle: 'Status Giveaway',
        // No brand set: the page wears the platform's own look.
        brand: {
          name: null,
          color: null,
          textColor: null,
          logo: null,
          callToAction: null,
          showEntryCount: true,
        },
        endDate: contest.endDate.toISOString(),
        name: 'Maria Sanchez',
        status: 'confirmed',
        referralBonus: 3,
        referralCap: 50,
        referrals: 2,
        entries: 7,
        rank: 1,
        referral: top.referral,
        // By display name only: the public page's way of naming people.
        friends: [
          { displayName: 'Friendly N.', reason: 'counted' },
          { displayName: 'Friendly N.', reason: 'counted' },
        ],
      });
      for (const friend of friends) {
        expect(response.body).not.toContain(friend.email);
        expect(response.body).not.toContain(friend.name);
      }
      expect(response.body).not.toContain('Jordan');

      expect(expectOk<EntryStanding>(await standingOf(second))).toMatchObject({
        name: 'Jordan Lee',
        referrals: 1,
        entries: 4,
        rank: 2,
      });
      // An entrant without referrals has no rank.
      const [friendReceipt] = (await ownerList(contest.id, 'referred')).entries;
      expect(friendReceipt).toBeDefined();
      const none = await entered(contest.id);
      expect(expectOk<EntryStanding>(await standingOf(none))).toMatchObject({
        referrals: 0,
        entries: 1,
        rank: null,
      });
    });

    it('ranks the entrant as the public leaderboard does: a flagged referrer is not ahead', async () => {
      // The leaderboard leaves out referrers whose own entry is flagged or pending; the status
      // page's rank should agree with it, or "Maria S." is first on the public page and second
      // on her own.
      const contest = await referralContest({ showLeaderboard: true });
      const maria = await entered(contest.id, { name: 'Maria Sanchez' });
      const formToken = issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 2500);
      const flagged = await entered(contest.id, { name: 'Flagged Person', formToken });
      for (const referrer of [maria, flagged, flagged]) {
        await entered(contest.id, { ref: codeOf(referrer) });
      }
      const board = expectOk<LeaderboardItem[]>(await leaderboard(contest.id));
      expect(board).toEqual([{ displayName: 'Maria S.', referrals: 1 }]);
      expect(expectOk<EntryStanding>(await standingOf(maria))).toMatchObject({
        referrals: 1,
        rank: 1,
      });
    });

    it('shows a pending entrant as pending', async () => {
      const contest = await referralContest({ requireConfirmation: true });
      const receipt = await entered(contest.id);
      expect(expectOk<EntryStanding>(await standingOf(receipt))).toMatchObject({
        status: 'pending',
        referrals: 0,
        entries: 1,
        rank: null,
      });
    });

    it('answers 404 with its message for a link that is not this entry’s', async () => {
      const contest = await referralContest();
      const other = await referralContest();
      const mine = await entered(contest.id);
      const theirs = await entered(contest.id);
      const elsewhere = await entered(other.id);
      const link = parseStatusUrl(mine.referral!.statusUrl);
      const theirLink = parseStatusUrl(theirs.referral!.statusUrl);
      expect((await status(contest.id, mine.id, link.token)).statusCode).toBe(200);

      const flipped = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
      const refused = [
        status(contest.id, mine.id, flipped),
        status(contest.id, mine.id, ''),
        status(contest.id, mine.id, link.token.slice(0, -1)),
        status(contest.id, mine.id, theirLink.token),
        status(contest.id, theirs.id, link.token),
        // The right token, under another contest's id.
        status(other.id, mine.id, link.token),
        status(randomUUID(), mine.id, link.token),
        status(other.id, elsewhere.id, link.token),
        status('not-a-uuid', mine.id, link.token),
        status(contest.id, 'not-a-uuid', link.token),
        request(t, undefined, {
          method: 'GET',
          url: `/api/contests/${contest.id}/entries/${mine.id}/status`,
        }),
      ];
      for (const response of await Promise.all(refused)) {
        const body = expectError(response, 404, 'NOT_FOUND', referralMessages.statusInvalid);
        expect(JSON.stringify(body)).not.toContain(mine.name);
      }
    });

    it('answers 404 once the owner has removed the entry', async () => {
      const contest = await referralContest();
      const receipt = await entered(contest.id);
      expect((await standingOf(receipt)).statusCode).toBe(200);
      expect((await removeEntry(contest.id, receipt.id)).statusCode).toBe(204);
      expectError(await standingOf(receipt), 404, 'NOT_FOUND', referralMessages.statusInvalid);
    });

    it('answers 404 for an entry made while referrals were off, even with its token', async () => {
      const contest = await seedContest(t.database, owner);
      const receipt = await entered(contest.id);
      const token = keyedDigest(t.config.sessionSecret, 'entry-status', receipt.id);
      expectError(
        await status(contest.id, receipt.id, token),
        404,
        'NOT_FOUND',
        referralMessages.statusInvalid,
      );
    });
  });

  describe('mail', () => {
    it('mails each entrant their personal link and status link', async () => {
      const contest = await referralContest({ title: 'Mail Giveaway' });
      const referrerEmail = uniqueMail('mail');
      const friendEmail = uniqueMail('mailfriend');
      const referrer = await entered(contest.id, { name: 'Maria Sanchez', email: referrerEmail });
      const friend = await entered(contest.id, { email: friendEmail, ref: codeOf(referrer) });
      for (const [email, receipt] of [
        [referrerEmail, referrer],
        [friendEmail, friend],
      ] as const) {
        const mails = await mailsTo(t, email);
        expect(mails, email).toHaveLength(1);
        const [mail] = mails;
        expect(mail!.text).toContain(receipt.referral!.url);
        expect(mail!.text).toContain(receipt.referral!.statusUrl);
        expect(mail!.text).toContain(referralMessages.worth(2));
        expect(mail!.html).toContain(receipt.referral!.url);
      }
      // The referrer gets a receipt; the friend is asked to prove their mailbox, which their
      // referrer's bonus rests on (proven-friends.test.ts).
      const [receiptMail] = await mailsTo(t, referrerEmail);
      expect(receiptMail!.subject).toBe('Your entry: Mail Giveaway');
      expect(receiptMail!.text).not.toContain('/entries/confirm');
      const [friendMail] = await mailsTo(t, friendEmail);
      expect(friendMail!.subject).toBe('Confirm your email: Mail Giveaway');
      expect(friendMail!.text).toContain('/entries/confirm');
      // The status link in the mail works.
      const mailed = linkIn(
        (await latestMailTo(t, referrerEmail)).text,
        `/c/${contest.id}/status/${referrer.id}`,
      );
      const { token } = parseStatusUrl(mailed);
      expect(expectOk<EntryStanding>(await status(contest.id, referrer.id, token))).toMatchObject({
        referrals: 1,
      });
    });

    it('mails nothing to an entrant of a contest without referrals or confirmation', async () => {
      const contest = await seedContest(t.database, owner);
      const email = uniqueMail('quiet');
      await entered(contest.id, { email });
      expect(await mailsTo(t, email)).toEqual([]);
    });

    it('puts the links in the confirmation mail when entrants confirm their e-mail', async () => {
      const contest = await referralContest({
        requireConfirmation: true,
        title: 'Opt-in Giveaway',
      });
      const email = uniqueMail('optin');
      const receipt = await entered(contest.id, { email });
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.text).toMatch(/\/entries\/confirm\?token=/);
      expect(mail!.text).toContain(receipt.referral!.url);
      expect(mail!.text).toContain(receipt.referral!.statusUrl);
    });

    it('says "1 more entry" for a bonus of 1', async () => {
      const contest = await referralContest({ referralBonus: 1 });
      const email = uniqueMail('one');
      await entered(contest.id, { email });
      expect((await latestMailTo(t, email)).text).toContain(
        'Each friend who enters gives you 1 more entry',
      );
    });
  });

  describe('export', () => {
    it('ends the CSV with each entry’s referrals and weight', async () => {
      const contest = await referralContest({ referralBonus: 4, referralCap: 6 });
      const referrerEmail = uniqueMail('export');
      const referrer = await entered(contest.id, { name: 'Maria Sanchez', email: referrerEmail });
      const friendEmails = [uniqueMail('exf'), uniqueMail('exf')];
      for (const email of friendEmails) await entered(contest.id, { email, ref: codeOf(referrer) });
      await seedEntries(t.database, contest.id, [
        { name: 'Seeded One', email: uniqueMail('seed') },
      ]);

      const response = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/export`,
      });
      expect(response.statusCode).toBe(200);
      const [header] = response.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe(
        '"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
      );
      expect(header!.endsWith('"referrals","weight","country","consent","consentAt"')).toBe(true);
      const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      expect(byEmail.get(referrerEmail)).toMatchObject({ referrals: '2', weight: '7' });
      for (const email of friendEmails) {
        expect(byEmail.get(email)).toMatchObject({ referrals: '0', weight: '1' });
      }
      expect(rows).toHaveLength(4);
    });

    it('writes 0 and 1 on a contest without referrals', async () => {
      const contest = await seedContest(t.database, owner);
      const email = uniqueMail('plain');
      await entered(contest.id, { email });
      const response = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/export`,
      });
      const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toEqual([expect.objectContaining({ email, referrals: '0', weight: '1' })]);
    });
  });
});

/**
 * Bursts make a flag with RATE_LIMIT on. Friends from one shared network credit their referrer
 * once, flagged or not: clearing a burst flag does not make the network's others count.
 */
describe('referrals and address bursts (RATE_LIMIT on)', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...ENV, RATE_LIMIT: 'on' } });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it('credits one friend of a shared address, and clearing the burst flag adds none', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 1, referralCap: 100 });
    const referrer = expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: {
          name: 'Maria Sanchez',
          email: `maria.${randomUUID().slice(0, 6)}@gmail.com`,
          ...pageFormFields(t, contest.id),
        },
        headers: { 'x-forwarded-for': '192.0.2.10' },
      }),
      201,
    );
    // 21 friends from one shared address (not the referrer's): the 21st is flagged address-burst,
    // and only the first credits the referrer (the same network for the whole contest).
    const tag = randomUUID().slice(0, 6);
    const friends: EntryReceipt[] = [];
    for (let i = 0; i < 21; i += 1) {
      friends.push(
        expectOk<EntryReceipt>(
          await request(t, undefined, {
            method: 'POST',
            url: `/api/contests/${contest.id}/entries`,
            payload: {
              name: `Friend ${i}`,
              email: `friend.${tag}.${i}@gmail.com`,
              ref: referrer.referral!.code,
              ...pageFormFields(t, contest.id),
            },
            headers: { 'x-forwarded-for': '192.0.2.77' },
          }),
          201,
        ),
      );
    }
    const list = async () => {
      const response: LightMyRequestResponse = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries`,
        query: { limit: '1000' },
      });
      return new Map(expectOk<ContestEntryItem[]>(response).map((entry) => [entry.id, entry]));
    };
    await proveReferredFriends(t.database, contest.id);
    let entries = await list();
    expect(entries.get(friends[0]!.id)).toMatchObject({ referred: true });
    expect(entries.get(friends[20]!.id)).toMatchObject({
      flags: ['address-burst'],
      referred: false,
    });
    expect(entries.get(referrer.id)).toMatchObject({ referrals: 1, weight: 2 });

    const cleared = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}/entries/${friends[20]!.id}/flags/address-burst`,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    entries = await list();
    expect(entries.get(referrer.id)).toMatchObject({ referrals: 1, weight: 2 });
  });
});
