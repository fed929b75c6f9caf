import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { contestRow, expectError, expectOk } from '#server/testing/draw-api.ts';
import { asEntrant, signInAsEntrant } from '#server/testing/entrant-page.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { MyEntries, MyEntry } from '#shared/contracts/me.ts';

/**
 * What an entrant's own page shows and does before any draw (docs/product.md#your-entries-me):
 * their mailbox's entries in every contest and nobody else's, their data, their consent, and the
 * withdrawal of an entry, which removes it as the owner's removal does.
 */
describe('/me: the entries of one mailbox', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const CONSENT_HASH = 'a'.repeat(64);

  /** One entry straight in the database (the contest's count kept in step), answered its id. */
  async function enter(
    contestId: string,
    email: string,
    extra: Partial<typeof contestEntries.$inferInsert> = {},
  ) {
    const [entry] = await t.database.db
      .insert(contestEntries)
      .values({ contestId, name: 'Maya Chen', email, ...extra })
      .returning({ id: contestEntries.id });
    await t.database.db
      .update(contests)
      .set({ entryCount: sql`${contests.entryCount} + 1` })
      .where(eq(contests.id, contestId));
    return entry!.id;
  }

  /** A mailbox with entries in two contests under two spellings, and a stranger beside it. */
  async function twoContests() {
    const local = `maya.chen.${randomUUID().slice(0, 6)}`;
    const spring = await seedContest(t.database, owner, { title: 'Spring Giveaway' });
    const summer = await seedContest(t.database, owner, { title: 'Summer Giveaway' });
    const older = await enter(spring.id, `${local}+spring@gmail.com`, {
      entryDate: new Date(Date.now() - 60_000),
      consentAt: new Date(Date.now() - 60_000),
      consentSha256: CONSENT_HASH,
      country: 'FR',
      referralCode: 'MAYA1234',
    });
    const newest = `${local.replaceAll('.', '')}@googlemail.com`;
    const newer = await enter(summer.id, newest);
    const strangers = await enter(spring.id, `someone-${randomUUID().slice(0, 6)}@example.com`);
    // Asked for one spelling, mailed to the one of the newest entry.
    const cookie = await signInAsEntrant(t, `${local}@gmail.com`, newest);
    return { spring, summer, older, newer, strangers, cookie };
  }

  it("lists the mailbox's entries in every contest, aliases folded, newest first, and no one else's", async () => {
    const { older, newer, cookie } = await twoContests();
    const mine = expectOk<MyEntries>(await asEntrant(t, cookie, 'GET', '/api/me'));
    expect(mine.entries.map((entry) => entry.id)).toEqual([newer, older]);
    expect(mine.entries.map((entry) => entry.contestTitle)).toEqual([
      'Summer Giveaway',
      'Spring Giveaway',
    ]);
    expect(mine.entries[1]).toMatchObject({
      status: 'confirmed',
      country: 'FR',
      consent: { given: true, withdrawnAt: null },
      withdrawal: 'delete',
      wonPlace: null,
    });
    expect(mine.entries[0]!.consent).toEqual({ given: false, at: null, withdrawnAt: null });
    expect(JSON.stringify(mine)).not.toContain('someone-');
  });

  it("answers 404 for another mailbox's entry, a made-up id or a malformed one (attacker first)", async () => {
    const { strangers, cookie } = await twoContests();
    for (const id of [strangers, randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const path = `/api/me/entries/${encodeURIComponent(id)}`;
      expectError(await asEntrant(t, cookie, 'POST', `${path}/withdraw-consent`), 404, 'NOT_FOUND');
      expectError(await asEntrant(t, cookie, 'DELETE', path), 404, 'NOT_FOUND');
    }
    const [untouched] = await t.database.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.id, strangers));
    expect(untouched).toMatchObject({ name: 'Maya Chen', consentWithdrawnAt: null });
  });

  it('withdraws the consent of one entry, once: a second press changes nothing', async () => {
    const { older, cookie } = await twoContests();
    const path = `/api/me/entries/${older}/withdraw-consent`;
    const first = expectOk<MyEntry>(await asEntrant(t, cookie, 'POST', path));
    expect(first.consent.given).toBe(false);
    expect(first.consent.at).not.toBeNull();
    expect(first.consent.withdrawnAt).not.toBeNull();
    const again = expectOk<MyEntry>(await asEntrant(t, cookie, 'POST', path));
    expect(again.consent).toEqual(first.consent);
  });

  it("downloads the mailbox's data as a JSON file, without the owner's judgement or anyone else's", async () => {
    const { older, newer, cookie } = await twoContests();
    const response = await asEntrant(t, cookie, 'GET', '/api/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const data = response.json();
    expect(data.entries.map((entry: { id: string }) => entry.id)).toEqual([newer, older]);
    expect(data.entries[1]).toMatchObject({
      contest: { title: 'Spring Giveaway' },
      name: 'Maya Chen',
      status: 'confirmed',
      country: 'FR',
      referralCode: 'MAYA1234',
      cameThroughReferral: false,
      flags: [],
      consent: { given: true, textSha256: CONSENT_HASH },
    });
    expect(data.entries[1].email).toMatch(/\+spring@gmail\.com$/);
    expect(JSON.stringify(data)).not.toMatch(/drawDecision|someone-|clientHash/);
  });

  it("withdraws an entry before the draw: it leaves the owner's list, export, summary and count", async () => {
    const { spring, older, cookie } = await twoContests();
    const before = await contestRow(t, spring.id);
    const removed = await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${older}`);
    expect(removed.statusCode, removed.body).toBe(204);

    const list = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${spring.id}/entries`,
    });
    expect(expectOk<{ id: string }[]>(list).map((entry) => entry.id)).not.toContain(older);
    const csv = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${spring.id}/entries/export`,
    });
    expect(csv.body).not.toContain('+spring@gmail.com');
    const summary = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${spring.id}/entries/summary`,
    });
    expect(expectOk<{ all: number }>(summary).all).toBe(1);
    expect((await contestRow(t, spring.id)).entryCount).toBe(before.entryCount - 1);
    expect(
      await t.database.db.select().from(contestEntries).where(eq(contestEntries.id, older)),
    ).toEqual([]);

    const mine = expectOk<MyEntries>(await asEntrant(t, cookie, 'GET', '/api/me'));
    expect(mine.entries.map((entry) => entry.id)).not.toContain(older);
    expectError(await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${older}`), 404, 'NOT_FOUND');
  });

  it('shows a friendly empty list once every entry is withdrawn', async () => {
    const { older, newer, cookie } = await twoContests();
    for (const id of [older, newer]) {
      expect((await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${id}`)).statusCode).toBe(204);
    }
    const mine = expectOk<MyEntries>(await asEntrant(t, cookie, 'GET', '/api/me'));
    expect(mine.entries).toEqual([]);
  });
});
