import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { FRIENDS_PER_DOMAIN } from '#server/lib/referral-counts.ts';
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
import { REFERRAL_CAP_DEFAULT } from '#shared/contracts/referrals.ts';

/**
 * Bonus weight only from real friends (docs/product.md#referrals). A review gave one referrer
 * 51 of 61 weight units with 10 invented gmail addresses on a contest with the default settings:
 * a friend now counts only once their mailbox is proven by the mailed link, never from the
 * network of the referrer or of the referrer's earlier friends, and at most FRIENDS_PER_DOMAIN
 * of them per mail domain that is not a large public provider.
 */

const ENV = { TRUST_PROXY: 'on' };

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `198.19.${addressCounter >> 8}.${addressCounter & 255}`;
};

describe('a referral counts only for a proven friend', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /** A contest as an owner makes one with referrals on: no double opt-in, the default cap. */
  const referralContest = (overrides: Partial<Contest> = {}) =>
    seedContest(t.database, owner, {
      referralBonus: 5,
      referralCap: REFERRAL_CAP_DEFAULT,
      ...overrides,
    });

  const enter = async (
    contestId: string,
    entrant: { email: string; ref?: string; address?: string },
  ) =>
    expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contestId}/entries`,
        payload: {
          name: 'Fan Example',
          email: entrant.email,
          ref: entrant.ref,
          ...pageFormFields(t, contestId),
        },
        headers: { 'x-forwarded-for': entrant.address ?? freshAddress() },
      }),
      201,
    );

  /** The friend opens the mailed link and presses the button. */
  async function confirmByMail(email: string) {
    const mail = await latestMailTo(t, email);
    const token = new URL(linkIn(mail.text, '/entries/confirm')).searchParams.get('token')!;
    return request(t, undefined, {
      method: 'POST',
      url: '/api/entries/confirm',
      payload: { token },
    });
  }

  async function referralsOf(contestId: string, entryId: string): Promise<number> {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries`,
      query: { limit: '1000' },
    });
    const item = expectOk<ContestEntryItem[]>(response).find((entry) => entry.id === entryId);
    if (!item) throw new Error(`entry ${entryId} is not listed`);
    return item.referrals ?? 0;
  }

  const gmail = () => `fan.${randomUUID().slice(0, 8)}@gmail.com`;

  it('gives no bonus for 10 invented gmail addresses that never confirm', async () => {
    const contest = await referralContest();
    const referrer = await enter(contest.id, { email: gmail() });
    for (let i = 0; i < 10; i += 1) {
      const friend = await enter(contest.id, { email: gmail(), ref: referrer.referral!.code });
      // The friends are in the draw themselves: their own entries are not in question.
      expect(friend.status).toBe('confirmed');
    }
    expect(await referralsOf(contest.id, referrer.id)).toBe(0);
  });

  it('counts a friend once they confirm by the mailed link, and only them', async () => {
    const contest = await referralContest();
    const referrer = await enter(contest.id, { email: gmail() });
    const proven = gmail();
    await enter(contest.id, { email: proven, ref: referrer.referral!.code });
    await enter(contest.id, { email: gmail(), ref: referrer.referral!.code });
    expect(await referralsOf(contest.id, referrer.id)).toBe(0);

    const mail = await latestMailTo(t, proven);
    expect(mail.purpose).toBe('entry-confirmation');
    expect(mail.subject).toContain('Confirm your email');
    expect(mail.text).toContain('bonus entries for bringing you');
    const confirmed = expectOk<{ entry: { status: string } }>(await confirmByMail(proven));
    expect(confirmed.entry.status).toBe('confirmed');
    expect(await referralsOf(contest.id, referrer.id)).toBe(1);

    // The link proves the mailbox once.
    expect((await confirmByMail(proven)).json()).toMatchObject({ code: 'DEAD_LINK' });
    // Proving a mailbox takes no second place: the friend was counted when they entered.
    const [stored] = await t.database.db
      .select({ entryCount: sql<number>`entry_count` })
      .from(sql`contests`)
      .where(sql`id = ${contest.id}`);
    expect(stored!.entryCount).toBe(3);
  });

  it('sends an entrant who came without a link a receipt, not a confirmation', async () => {
    const contest = await referralContest();
    const email = gmail();
    await enter(contest.id, { email });
    const mail = await latestMailTo(t, email);
    expect(mail.purpose).toBe('entry-receipt');
  });

  it("refuses the credit from the referrer's network hours after they entered", async () => {
    const contest = await referralContest();
    const home = freshAddress();
    const referrer = await enter(contest.id, { email: gmail(), address: home });
    // Two hours ago: past the old one-hour window of the same-network rule.
    await t.database.db
      .update(contestEntries)
      .set({ entryDate: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(contestEntries.id, referrer.id));
    const friend = gmail();
    await enter(contest.id, { email: friend, ref: referrer.referral!.code, address: home });
    // Credited to nobody, so there is nothing to prove: the friend gets their own link only.
    expect((await latestMailTo(t, friend)).purpose).toBe('entry-receipt');
    expect(await referralsOf(contest.id, referrer.id)).toBe(0);
  });

  it("refuses the credit from the network of one of the referrer's earlier friends", async () => {
    const contest = await referralContest();
    const referrer = await enter(contest.id, { email: gmail() });
    const gym = freshAddress();
    const first = gmail();
    const second = gmail();
    await enter(contest.id, { email: first, ref: referrer.referral!.code, address: gym });
    await enter(contest.id, { email: second, ref: referrer.referral!.code, address: gym });
    expect((await confirmByMail(first)).statusCode).toBe(200);
    expect((await latestMailTo(t, second)).purpose).toBe('entry-receipt');
    expect(await referralsOf(contest.id, referrer.id)).toBe(1);
  });

  it(`counts at most ${FRIENDS_PER_DOMAIN} proven friends per company domain, any number at a public provider`, async () => {
    const contest = await referralContest({ referralCap: 1000 });
    const referrer = await enter(contest.id, { email: gmail() });
    const friends = [
      ...Array.from(
        { length: 5 },
        (_, i) => `colleague${i}.${randomUUID().slice(0, 6)}@acme.example`,
      ),
      ...Array.from({ length: 5 }, () => gmail()),
    ];
    for (const email of friends) {
      await enter(contest.id, { email, ref: referrer.referral!.code });
      expect((await confirmByMail(email)).statusCode).toBe(200);
    }
    expect(await referralsOf(contest.id, referrer.id)).toBe(FRIENDS_PER_DOMAIN + 5);
  });

  it('caps the bonus at 10 entries by default', () => {
    expect(REFERRAL_CAP_DEFAULT).toBe(10);
  });
});
