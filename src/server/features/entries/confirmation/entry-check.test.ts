import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { latestMailTo, linkIn, mailsTo } from '#server/testing/auth-helpers.ts';
import { drawApi, expectOk, picksOf } from '#server/testing/draw-api.ts';
import {
  pageFormFields,
  request,
  seedContest,
  type SeededUser,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { resendLinkAnswer, type EntryCheck, type EntryReceipt } from '#shared/contracts/entries.ts';

/**
 * The entrant's own browser asks what became of its entry (docs/product.md#public-entry-page):
 * confirmed in another browser, gone, or a winner. And "Send me my link again" mails an entrant
 * their personal link, answering the same whether or not the address entered.
 */
describe('an entrant checks their entry and asks for their link again', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: 'on' } });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const enter = async (contestId: string, email: string) =>
    expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contestId}/entries`,
        payload: { name: 'Casey Check', email, ...pageFormFields(t, contestId) },
      }),
      201,
    );

  const check = async (contestId: string, entryId: string) =>
    request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries/${entryId}/check`,
    });

  const resend = (contestId: string, email: unknown) =>
    request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries/resend-link`,
      payload: { email },
      headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` },
    });

  it('says pending, then confirmed once the mailed link is used, and the place won', async () => {
    const contest = await seedContest(t.database, owner, { winnersCount: 1 });
    await t.database.db
      .update(contests)
      .set({ requireConfirmation: true })
      .where(eq(contests.id, contest.id));
    const email = `casey.${randomUUID().slice(0, 8)}@example.com`;
    const receipt = await enter(contest.id, email);
    expect(expectOk<EntryCheck>(await check(contest.id, receipt.id))).toEqual({
      status: 'pending',
      wonPlace: null,
    });
    const token = new URL(
      linkIn((await latestMailTo(t, email)).text, '/entries/confirm'),
    ).searchParams.get('token');
    expectOk(
      await request(t, undefined, {
        method: 'POST',
        url: '/api/entries/confirm',
        payload: { token },
      }),
    );
    expect(expectOk<EntryCheck>(await check(contest.id, receipt.id))).toEqual({
      status: 'confirmed',
      wonPlace: null,
    });

    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    const [pick] = await picksOf(t, contest.id);
    expect(pick?.entryId).toBe(receipt.id);
    expect(expectOk<EntryCheck>(await check(contest.id, receipt.id))).toEqual({
      status: 'confirmed',
      wonPlace: 1,
    });
  });

  it('says gone for a removed entry, and 404 for a contest or id that is not one', async () => {
    const contest = await seedContest(t.database, owner);
    const receipt = await enter(contest.id, `gone.${randomUUID().slice(0, 8)}@example.com`);
    await t.database.db.delete(contestEntries).where(eq(contestEntries.id, receipt.id));
    expect(expectOk<EntryCheck>(await check(contest.id, receipt.id)).status).toBe('gone');
    expect((await check(randomUUID(), receipt.id)).statusCode).toBe(404);
    expect((await check(contest.id, 'not-an-id')).statusCode).toBe(404);
  });

  it('mails the link again to an entrant, and answers a stranger the same', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 2 });
    const email = `linky.${randomUUID().slice(0, 8)}@example.com`;
    const receipt = await enter(contest.id, email);
    const before = (await mailsTo(t, email)).length;

    const forEntrant = await resend(contest.id, email.toUpperCase());
    const stranger = `nobody.${randomUUID().slice(0, 8)}@example.com`;
    const forStranger = await resend(contest.id, stranger);
    expect(forEntrant.statusCode).toBe(202);
    expect(forStranger.statusCode).toBe(202);
    expect(forEntrant.body).toBe(forStranger.body);
    expect(forEntrant.json()).toEqual({ message: resendLinkAnswer });

    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(receipt.referral!.url);
    expect(await mailsTo(t, stranger)).toHaveLength(0);
  });

  it('refuses a malformed address with a field message, and limits each client', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 2 });
    const bad = await resend(contest.id, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });

    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries/resend-link`,
        payload: { email: `try${i}@example.com` },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
