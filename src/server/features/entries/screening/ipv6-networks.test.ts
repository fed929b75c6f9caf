import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIENDS_PER_WIDE_NETWORK } from '#server/lib/referral-counts.ts';
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
import { WIDE_NETWORK_LIMITS } from '#shared/contracts/entry-flags.ts';

/**
 * IPv6 clients count under their /64 and also under the /56 and /48 around it (docs/decisions/
 * 032-ipv6-networks.md): one allocated /48 holds 65,536 /64s, and counted by /64 alone it could
 * enter without limit and credit a referrer from every one of them.
 */

const ENV = { RATE_LIMIT: 'on', TRUST_PROXY: 'on' };

/** The `index`-th /64 inside the /56 2001:db8:aa:100::/56 (0 to 255), one host in it. */
const inOne56 = (index: number) => `2001:db8:aa:1${index.toString(16).padStart(2, '0')}::7`;
/** A host in the `index`-th /56 inside the /48 2001:db8:bb::/48 (0 to 255). */
const inOne48 = (index: number) => `2001:db8:bb:${(index * 256).toString(16)}::9`;

const gmail = () => `fan.${randomUUID().slice(0, 10)}@gmail.com`;

describe('IPv6 networks (RATE_LIMIT on)', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const enterFrom = (contestId: string, address: string, ref?: string) =>
    request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: {
        name: 'Fan Example',
        email: gmail(),
        ...(ref && { ref }),
        ...pageFormFields(t, contestId),
      },
      headers: { 'x-forwarded-for': address },
    });

  async function listed(contestId: string): Promise<Map<string, ContestEntryItem>> {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries`,
      query: { limit: '1000' },
    });
    return new Map(expectOk<ContestEntryItem[]>(response).map((entry) => [entry.id, entry]));
  }

  it('flags, then refuses, entries from ever new /64s of one /56', async () => {
    const contest = await seedContest(t.database, owner);
    const { flagAfter, refuseAfter } = WIDE_NETWORK_LIMITS[56];
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i <= refuseAfter; i += 1) {
      answers.push(await enterFrom(contest.id, inOne56(i % 256)));
    }
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, refuseAfter)).toEqual(Array(refuseAfter).fill(201));
    expect(statuses[refuseAfter]).toBe(429);
    const entries = await listed(contest.id);
    const flagsOf = (index: number) =>
      entries.get(expectOk<EntryReceipt>(answers[index]!, 201).id)!.flags;
    expect(flagsOf(flagAfter - 1)).toEqual([]);
    expect(flagsOf(flagAfter)).toEqual(['address-burst']);
  });

  it('flags entries from ever new /56s of one /48', async () => {
    const contest = await seedContest(t.database, owner);
    const { flagAfter } = WIDE_NETWORK_LIMITS[48];
    const receipts: EntryReceipt[] = [];
    for (let i = 0; i <= flagAfter; i += 1) {
      receipts.push(expectOk<EntryReceipt>(await enterFrom(contest.id, inOne48(i % 256)), 201));
    }
    const entries = await listed(contest.id);
    expect(entries.get(receipts[flagAfter - 1]!.id)!.flags).toEqual([]);
    expect(entries.get(receipts[flagAfter]!.id)!.flags).toEqual(['address-burst']);
  });

  it("credits no friend from another /64 of the referrer's /56", async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 1, referralCap: 100 });
    const referrer = expectOk<EntryReceipt>(await enterFrom(contest.id, inOne56(1)), 201);
    const friend = expectOk<EntryReceipt>(
      await enterFrom(contest.id, inOne56(2), referrer.referral!.code),
      201,
    );
    await proveReferredFriends(t.database, contest.id);
    const entries = await listed(contest.id);
    expect(entries.get(friend.id)).toMatchObject({ referred: false });
    expect(entries.get(referrer.id)).toMatchObject({ referrals: 0 });
  });

  it(`credits at most ${FRIENDS_PER_WIDE_NETWORK - 1} friends from the referrer's /48`, async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 1, referralCap: 100 });
    const referrer = expectOk<EntryReceipt>(await enterFrom(contest.id, inOne48(10)), 201);
    for (let i = 11; i < 16; i += 1) {
      expectOk<EntryReceipt>(await enterFrom(contest.id, inOne48(i), referrer.referral!.code), 201);
    }
    await proveReferredFriends(t.database, contest.id);
    const entries = await listed(contest.id);
    expect(entries.get(referrer.id)).toMatchObject({ referrals: FRIENDS_PER_WIDE_NETWORK - 1 });
  });
});
