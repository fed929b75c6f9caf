import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkIn } from '#server/testing/auth-helpers.ts';
import { expectOk } from '#server/testing/draw-api.ts';
import {
  pageFormFields,
  proveReferredFriends,
  request,
  seedContest,
  type SeededUser,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestEntryItem, EntryReceipt } from '#shared/contracts/entries.ts';
import type { EntryStanding } from '#shared/contracts/referrals.ts';

/**
 * Referrals under load: many friends entering through one link at once go through the entry
 * writer's batches (several friends in one INSERT), and every one of them must count exactly
 * once. Each friend enters from an address of their own (TRUST_PROXY on), as friends do: one
 * from the referrer's address would not count. With RATE_LIMIT on too, friends have Gmail
 * addresses (a large provider: never a domain burst), so no flag takes a referral away.
 */

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `100.${64 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

describe.each([
  ['off', 'off'],
  ['on', 'on'],
])('referrals under concurrency (RATE_LIMIT %s)', (_label, rateLimit) => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'on', RATE_LIMIT: rateLimit } });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /** Friends here prove their mailbox at once (proven-friends.test.ts presses the link). */
  const enter = async (contestId: string, entrant: { email?: string; ref?: string } = {}) => {
    const response = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: {
        name: 'Friend Example',
        email: entrant.email ?? `friend.${randomUUID().slice(0, 12)}@gmail.com`,
        ...(entrant.ref && { ref: entrant.ref }),
        ...pageFormFields(t, contestId),
      },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    if (entrant.ref) await proveReferredFriends(t.database, contestId);
    return response;
  };

  const entered = async (contestId: string) => expectOk<EntryReceipt>(await enter(contestId), 201);

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

  async function itemOf(contestId: string, entryId: string) {
    const item = (await ownerList(contestId)).entries.find((entry) => entry.id === entryId);
    if (!item) throw new Error(`entry ${entryId} is not listed`);
    return item;
  }

  function standingOf(receipt: EntryReceipt) {
    const url = new URL(receipt.referral!.statusUrl);
    return request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${receipt.contestId}/entries/${receipt.id}/status`,
      query: { token: url.searchParams.get('token') ?? '' },
    });
  }

  it('counts exactly 200 friends entering at once through one link (bonus 3: weight 601)', async () => {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 3,
      referralCap: 1000,
      maxEntries: null,
    });
    const referrer = await entered(contest.id);
    const code = referrer.referral!.code;
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => enter(contest.id, { ref: code })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
    const friendIds = new Set(responses.map((response) => response.json<EntryReceipt>().id));
    expect(friendIds.size).toBe(200);

    expect(await itemOf(contest.id, referrer.id)).toMatchObject({
      referrals: 200,
      weight: 601,
      referred: false,
      flags: [],
    });
    const referred = await ownerList(contest.id, 'referred');
    expect(referred.total).toBe(200);
    expect(new Set(referred.entries.map((entry) => entry.id))).toEqual(friendIds);
    for (const entry of referred.entries) {
      expect(entry).toMatchObject({ referred: true, referrals: 0, weight: 1, flags: [] });
    }
    expect(expectOk<EntryStanding>(await standingOf(referrer))).toMatchObject({
      referrals: 200,
      entries: 601,
      rank: 1,
    });
    const csv = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/export`,
    });
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(201);
    expect(rows.filter((row) => row.weight === '601')).toHaveLength(1);
    expect(rows.filter((row) => row.weight === '1')).toHaveLength(200);
  });

  it('credits each of two links exactly, with duplicates sent at once counted once', async () => {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 1,
      referralCap: 1000,
      maxEntries: null,
    });
    const first = await entered(contest.id);
    const second = await entered(contest.id);
    const tag = randomUUID().slice(0, 8);
    // 100 friends per link; 20 of the first link's friends also send their entry a second
    // time, through the other link, in the same wave.
    const wave = [
      ...Array.from({ length: 100 }, (_, i) => ({
        email: `a.${tag}.${i}@gmail.com`,
        ref: first.referral!.code,
      })),
      ...Array.from({ length: 100 }, (_, i) => ({
        email: `b.${tag}.${i}@gmail.com`,
        ref: second.referral!.code,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        email: `A.${tag}.${i}@Gmail.com`,
        ref: second.referral!.code,
      })),
    ];
    const responses = await Promise.all(wave.map((entrant) => enter(contest.id, entrant)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(200);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);

    const firstItem = await itemOf(contest.id, first.id);
    const secondItem = await itemOf(contest.id, second.id);
    // Whichever copy of a duplicate got in, it credits the link it came through, once.
    expect(firstItem.referrals + secondItem.referrals).toBe(200);
    const sentTwice = new Set(
      Array.from({ length: 20 }, (_, i) => `a.${tag}.${i}@gmail.com`.toLowerCase()),
    );
    const { entries } = await ownerList(contest.id, 'referred');
    expect(entries).toHaveLength(200);
    const secondWon = entries.filter(
      (entry) => entry.email.startsWith('A.') && sentTwice.has(entry.email.toLowerCase()),
    ).length;
    expect(firstItem.referrals).toBe(100 - secondWon);
    expect(secondItem.referrals).toBe(100 + secondWon);
  });

  it('counts 100 pending friends who confirm at once', async () => {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 2,
      referralCap: 1000,
      requireConfirmation: true,
      maxEntries: null,
    });
    const referrer = await entered(contest.id);
    const emails = Array.from(
      { length: 100 },
      (_, i) => `pending.${randomUUID().slice(0, 6)}.${i}@gmail.com`,
    );
    const responses = await Promise.all(
      emails.map((email) => enter(contest.id, { email, ref: referrer.referral!.code })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 0, weight: 1 });

    const tokens = await Promise.all(
      emails.map(async (email) => {
        const link = linkIn((await latestMailTo(t, email)).text, '/entries/confirm');
        return new URL(link).searchParams.get('token')!;
      }),
    );
    const confirmations = await Promise.all(
      tokens.map((token) =>
        request(t, undefined, { method: 'POST', url: '/api/entries/confirm', payload: { token } }),
      ),
    );
    expect(confirmations.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 100, weight: 201 });
  });

  it('stays exact while the owner removes friends and others enter at once', async () => {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 1,
      referralCap: 1000,
      maxEntries: null,
    });
    const referrer = await entered(contest.id);
    const code = referrer.referral!.code;
    const firstWave = await Promise.all(
      Array.from({ length: 60 }, () => enter(contest.id, { ref: code })),
    );
    const ids = firstWave.map((response) => expectOk<EntryReceipt>(response, 201).id);
    const [removals, arrivals] = await Promise.all([
      Promise.all(
        ids.slice(0, 30).map((id) =>
          request(t, owner, {
            method: 'DELETE',
            url: `/api/contests/${contest.id}/entries/${id}`,
          }),
        ),
      ),
      Promise.all(Array.from({ length: 60 }, () => enter(contest.id, { ref: code }))),
    ]);
    expect(removals.map((response) => response.statusCode)).toEqual(Array(30).fill(204));
    expect(arrivals.map((response) => response.statusCode)).toEqual(Array(60).fill(201));
    expect(await itemOf(contest.id, referrer.id)).toMatchObject({ referrals: 90, weight: 91 });
  });
});
