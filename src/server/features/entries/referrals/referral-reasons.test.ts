import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries } from '#server/db/schema.ts';
import { latestMailTo, linkIn } from '#server/testing/auth-helpers.ts';
import { expectOk } from '#server/testing/draw-api.ts';
import {
  pageFormFields,
  request,
  seedContest,
  type SeededUser,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestEntryItem, EntryReceipt } from '#shared/contracts/entries.ts';
import type { EntryStanding, ReferralReason } from '#shared/contracts/referrals.ts';

/**
 * Why a friend does not count (docs/product.md#referrals): the entrant's status page names each
 * friend by display name with the reason, and the owner's list gives each referred entry its
 * reason; neither tells the entrant a friend's address or network.
 */

const ENV = { TRUST_PROXY: 'on' };

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
};

describe('why a friend counts or not', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const enter = async (
    contestId: string,
    entrant: { name: string; email: string; ref?: string; address?: string },
  ) =>
    expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contestId}/entries`,
        payload: {
          name: entrant.name,
          email: entrant.email,
          ref: entrant.ref,
          ...pageFormFields(t, contestId),
        },
        headers: { 'x-forwarded-for': entrant.address ?? freshAddress() },
      }),
      201,
    );

  async function confirmByMail(email: string) {
    const mail = await latestMailTo(t, email);
    const token = new URL(linkIn(mail.text, '/entries/confirm')).searchParams.get('token')!;
    expectOk(
      await request(t, undefined, {
        method: 'POST',
        url: '/api/entries/confirm',
        payload: { token },
      }),
    );
  }

  async function ownerReasons(contestId: string): Promise<Map<string, ReferralReason | null>> {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries`,
      query: { limit: '1000' },
    });
    return new Map(
      expectOk<ContestEntryItem[]>(response).map((entry) => [entry.email, entry.referralReason]),
    );
  }

  async function standingOf(receipt: EntryReceipt): Promise<EntryStanding> {
    const url = new URL(receipt.referral!.statusUrl);
    const [, , contestId, , entryId] = url.pathname.split('/');
    return expectOk<EntryStanding>(
      await request(t, undefined, {
        method: 'GET',
        url: `/api/contests/${contestId}/entries/${entryId}/status`,
        query: { token: url.searchParams.get('token')! },
      }),
    );
  }

  const gmail = (who: string) => `${who}.${randomUUID().slice(0, 8)}@gmail.com`;

  it('says same network, not confirmed, flagged and over the cap, to the entrant and the owner', async () => {
    // 5 bonus entries per friend, at most 10: the first two counted friends give the bonus.
    const contest = await seedContest(t.database, owner, { referralBonus: 5, referralCap: 10 });
    const home = freshAddress();
    const referrerEmail = gmail('rita');
    const referrer = await enter(contest.id, {
      name: 'Rita Referrer',
      email: referrerEmail,
      address: home,
    });
    const ref = referrer.referral!.code;
    const emails = {
      sameWifi: gmail('wifi'),
      unconfirmed: gmail('lazy'),
      first: gmail('first'),
      second: gmail('second'),
      third: gmail('third'),
      flagged: gmail('flagged'),
    };
    await enter(contest.id, { name: 'Wendy Wifi', email: emails.sameWifi, ref, address: home });
    await enter(contest.id, { name: 'Larry Lazy', email: emails.unconfirmed, ref });
    for (const [name, email] of [
      ['Fiona First', emails.first],
      ['Sam Second', emails.second],
      ['Theo Third', emails.third],
      ['Fred Flagged', emails.flagged],
    ] as const) {
      await enter(contest.id, { name, email, ref });
      await confirmByMail(email);
    }
    await t.database.db
      .update(contestEntries)
      .set({ flags: ['fast-submit'] })
      .where(eq(contestEntries.email, emails.flagged));

    const standing = await standingOf(referrer);
    expect(standing.referrals).toBe(3);
    expect(standing.entries).toBe(11);
    expect(standing.friends).toEqual([
      { displayName: 'Wendy W.', reason: 'same-network' },
      { displayName: 'Larry L.', reason: 'not-confirmed' },
      { displayName: 'Fiona F.', reason: 'counted' },
      { displayName: 'Sam S.', reason: 'counted' },
      { displayName: 'Theo T.', reason: 'over-cap' },
      { displayName: 'Fred F.', reason: 'flagged' },
    ]);
    // Nothing in the entrant's answer names a friend's address.
    const body = JSON.stringify(standing);
    for (const email of Object.values(emails)) expect(body).not.toContain(email);

    const reasons = await ownerReasons(contest.id);
    expect(reasons.get(emails.sameWifi)).toBe('same-network');
    expect(reasons.get(emails.unconfirmed)).toBe('not-confirmed');
    expect(reasons.get(emails.first)).toBe('counted');
    expect(reasons.get(emails.third)).toBe('over-cap');
    expect(reasons.get(emails.flagged)).toBe('flagged');
    // The referrer came through nobody's link.
    expect(reasons.get(referrerEmail)).toBeNull();
  });

  it('says when a company domain has given all the friends it may', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 1, referralCap: 100 });
    const referrer = await enter(contest.id, { name: 'Dana Domain', email: gmail('dana') });
    const ref = referrer.referral!.code;
    const colleagues = ['ann', 'bob', 'cid', 'dee'].map(
      (who) => `${who}.${randomUUID().slice(0, 6)}@acme-fitness.com`,
    );
    for (const email of colleagues) {
      await enter(contest.id, { name: 'Colleague Example', email, ref });
      await confirmByMail(email);
    }
    const standing = await standingOf(referrer);
    expect(standing.friends.map((friend) => friend.reason)).toEqual([
      'counted',
      'counted',
      'counted',
      'domain-limit',
    ]);
    const reasons = await ownerReasons(contest.id);
    expect(reasons.get(colleagues[3]!)).toBe('domain-limit');
  });
});
