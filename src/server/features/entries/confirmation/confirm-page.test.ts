import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { latestMailTo, linkIn } from '#server/testing/auth-helpers.ts';
import { makeClientBuild, scriptTagCount } from '#server/testing/client-build.ts';
import { settleMails } from '#server/testing/mail-helpers.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import {
  ENTRY_PAGE_STATE_ID,
  type EntryPageState,
  type EntryReceipt,
} from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * The double opt-in link's page (docs/product.md#trusted-leads): opening the mailed link changes
 * nothing, however often and by whom (mail scanners open links); the page's plain form, posted
 * from our own origin, confirms once.
 */

const CONFIRM_PATH = '/entries/confirm';
const FORM = 'application/x-www-form-urlencoded';
const BUTTON = /<button[^>]*type="submit"[^>]*>[\s\S]*?Confirm my entry<\/button>/;
const CONFIRMED = /You(&#x27;|')re confirmed!/;

/** React writes an apostrophe as &#x27;: the message as it appears in the page's HTML. */
const inHtml = (text: string) => text.replaceAll("'", '&#x27;');

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The page's form, as one string, or null when the page has none. */
const formIn = (html: string) => /<form[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? null;

describe('the double opt-in link’s page', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const openLink = (token: string, method: 'GET' | 'HEAD' = 'GET') =>
    request(t, undefined, { method, url: `${CONFIRM_PATH}?token=${encodeURIComponent(token)}` });

  /** The page's form as a browser posts it: from the app's own origin unless told otherwise. */
  const postForm = (token: string, origin: string | null = TEST_APP_URL) =>
    request(t, undefined, {
      method: 'POST',
      url: CONFIRM_PATH,
      headers: { 'content-type': FORM, ...(origin ? { origin } : {}) },
      payload: new URLSearchParams({ token }).toString(),
    });

  async function pendingEntry(overrides: Partial<typeof contests.$inferInsert> = {}) {
    const contest = await seedContest(t.database, owner, {
      requireConfirmation: true,
      title: 'Link Scanner Giveaway',
      confirmationMessage: 'See you at the gym!',
      ...overrides,
    });
    const email = `entrant-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const entered = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries`,
      payload: { name: 'Maya Chen', email },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const receipt = JSON.parse(entered.body) as EntryReceipt;
    const link = linkIn((await latestMailTo(t, email)).text, CONFIRM_PATH);
    return { contest, receipt, link, token: tokenOf(link) };
  }

  async function entryStatus(entryId: string) {
    const [row] = await t.database.db
      .select({ status: contestEntries.status })
      .from(contestEntries)
      .where(eq(contestEntries.id, entryId));
    return row?.status;
  }

  async function entryCount(contestId: string) {
    const [row] = await t.database.db
      .select({ entryCount: contests.entryCount })
      .from(contests)
      .where(eq(contests.id, contestId));
    return row!.entryCount;
  }

  function expectPageHeaders(response: LightMyRequestResponse) {
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  }

  function expectRefusalPage(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode, response.body).toBe(status);
    expectPageHeaders(response);
    expect(response.body).toContain(inHtml(message));
    expect(formIn(response.body)).toBeNull();
    expect(response.body).not.toMatch(BUTTON);
  }

  it('confirms nothing when the mailed link is opened, however many times', async () => {
    const { contest, receipt, token } = await pendingEntry();
    // A scanner, a preview, the entrant's mail app and the entrant: GET and HEAD, many times.
    const opened = await Promise.all([
      ...Array.from({ length: 8 }, () => openLink(token)),
      openLink(token, 'HEAD'),
    ]);
    for (const response of opened) expect(response.statusCode).toBe(200);
    await settleMails(t);

    expect(await entryStatus(receipt.id)).toBe('pending');
    expect(await entryCount(contest.id)).toBe(0);
    const count = await request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/count`,
    });
    expect(JSON.parse(count.body)).toEqual({ count: 0 });
    // The API has no GET that confirms either.
    const apiGet = await request(t, undefined, {
      method: 'GET',
      url: `/api/entries/confirm?token=${token}`,
    });
    expect(apiGet.statusCode).toBe(404);
    expect(await entryStatus(receipt.id)).toBe('pending');
  });

  it('shows the contest and a plain form with the token and the button, and no script', async () => {
    const { token } = await pendingEntry({ title: 'Spring <Shred> & "Co"' });
    const page = await openLink(token);
    expect(page.statusCode).toBe(200);
    expectPageHeaders(page);
    // The URL holds the token: no Referer carries it (strict-origin sends the origin only).
    expect(page.headers['referrer-policy']).toBe('strict-origin');
    expect(page.body).toContain('Spring &lt;Shred&gt; &amp; &quot;Co&quot;');
    expect(page.body).toContain('<title>Confirm your entry – Prizewheel</title>');

    const form = formIn(page.body)!;
    expect(form).toMatch(/<form[^>]*method="post"/);
    expect(form).toMatch(/<form[^>]*action="\/entries\/confirm"/);
    expect(form).toMatch(new RegExp(`<input type="hidden" name="token" value="${token}"/>`));
    expect(form).toMatch(BUTTON);
    // Nothing runs on it: a scanner that runs scripts finds none (the template's is removed).
    expect(scriptTagCount(page.body)).toBe(0);
  });

  it('confirms once with the form’s POST, then says the link was used', async () => {
    const { contest, receipt, token } = await pendingEntry();
    const confirmed = await postForm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectPageHeaders(confirmed);
    expect(confirmed.body).toMatch(CONFIRMED);
    expect(confirmed.body).toContain('Link Scanner Giveaway');
    expect(confirmed.body).toContain('See you at the gym!');
    expect(confirmed.body).toContain(`href="/c/${contest.id}"`);
    expect(scriptTagCount(confirmed.body)).toBe(0);
    expect(await entryStatus(receipt.id)).toBe('confirmed');
    expect(await entryCount(contest.id)).toBe(1);

    // The contest's page on this browser shows the confirmed entry, not "check your inbox".
    const cookies = [confirmed.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!);
    expect(cookies).toHaveLength(1);
    const entryPage = await request(t, undefined, {
      method: 'GET',
      url: `/c/${contest.id}`,
      headers: { cookie: cookies.join('; ') },
    });
    const state = JSON.parse(
      new RegExp(`id="${ENTRY_PAGE_STATE_ID}">([^<]*)</script>`).exec(entryPage.body)![1]!,
    ) as EntryPageState;
    expect(state.entered).toMatchObject({ id: receipt.id, status: 'confirmed' });

    // Posted again (a reload, a second tap): the entry stays counted once.
    expectRefusalPage(await postForm(token), 400, entryMessages.confirmationUsed);
    expect(await entryCount(contest.id)).toBe(1);
    // Opened again: the page says so in place of the button, with the way to the contest.
    const reopened = await openLink(token);
    expectRefusalPage(reopened, 400, entryMessages.confirmationUsed);
    expect(reopened.body).toContain('Link Scanner Giveaway');
    expect(reopened.body).toContain(`href="/c/${contest.id}"`);
  });

  it('answers the API’s POST with the same confirmation and errors', async () => {
    const { contest, receipt, token } = await pendingEntry();
    const api = (payload: Record<string, unknown>) =>
      request(t, undefined, { method: 'POST', url: '/api/entries/confirm', payload });
    const confirmed = await api({ token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(JSON.parse(confirmed.body)).toEqual({
      contestId: contest.id,
      contestTitle: 'Link Scanner Giveaway',
      confirmationMessage: 'See you at the gym!',
      entry: {
        id: receipt.id,
        contestId: contest.id,
        name: 'Maya Chen',
        entryDate: receipt.entryDate,
        status: 'confirmed',
      },
    });
    const again = await api({ token });
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toEqual({
      code: 'DEAD_LINK',
      message: entryMessages.confirmationUsed,
    });
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not-a-token'],
    ['no token', ''],
  ])('shows %s as not valid, with the way home, and confirms nothing', async (_what, token) => {
    const opened = await openLink(token);
    expectRefusalPage(opened, 400, entryMessages.confirmationInvalid);
    expect(opened.body).toContain('href="/"');
    expectRefusalPage(await postForm(token), 400, entryMessages.confirmationInvalid);
  });

  it('shows an expired link as expired, and its POST confirms nothing', async () => {
    const { contest, receipt, token } = await pendingEntry();
    await t.database.db
      .update(contestEntries)
      .set({ entryDate: sql`now() - interval '49 hours'` })
      .where(eq(contestEntries.id, receipt.id));
    const opened = await openLink(token);
    expectRefusalPage(opened, 400, entryMessages.confirmationExpired);
    expect(opened.body).toContain(`href="/c/${contest.id}"`);
    expectRefusalPage(await postForm(token), 400, entryMessages.confirmationExpired);
    expect(await entryStatus(receipt.id)).toBe('pending');
  });

  it('shows a full contest, and an ended one, as the API refuses them (409)', async () => {
    // Two entries wait for one place: the first to confirm takes it.
    const first = await pendingEntry({ maxEntries: 1 });
    const email = 'second@example.com';
    const entered = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${first.contest.id}/entries`,
      payload: { name: 'Second Entrant', email },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const second = tokenOf(linkIn((await latestMailTo(t, email)).text, CONFIRM_PATH));
    expect((await postForm(first.token)).statusCode).toBe(200);
    expectRefusalPage(await openLink(second), 409, entryMessages.full);
    expectRefusalPage(await postForm(second), 409, entryMessages.full);
    expect(await entryCount(first.contest.id)).toBe(1);

    const ended = await pendingEntry();
    await t.database.db
      .update(contests)
      .set({ frozenAt: new Date() })
      .where(eq(contests.id, ended.contest.id));
    expectRefusalPage(await openLink(ended.token), 409, entryMessages.ended);
    expectRefusalPage(await postForm(ended.token), 409, entryMessages.ended);
    expect(await entryStatus(ended.receipt.id)).toBe('pending');
  });

  it('refuses the form posted from another site (403), and confirms nothing', async () => {
    const { receipt, token } = await pendingEntry();
    for (const origin of ['http://evil.example', 'http://localhost:5000.evil.example', 'null']) {
      const response = await postForm(token, origin);
      expect(response.statusCode, origin).toBe(403);
    }
    expect(await entryStatus(receipt.id)).toBe('pending');
  });

  it('changes nothing without the built client, which the page needs', async () => {
    const { receipt, token } = await pendingEntry();
    const bare = await createTestApp({ database: t.database });
    try {
      const posted = await bare.app.inject({
        method: 'POST',
        url: CONFIRM_PATH,
        headers: { 'content-type': FORM },
        payload: new URLSearchParams({ token }).toString(),
      });
      expect(posted.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
    expect(await entryStatus(receipt.id)).toBe('pending');
  });
});

describe('the double opt-in link’s token in a production log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      clientDir: makeClientBuild(),
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('is in no line, whether the link is opened, posted or refused', async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner, { requireConfirmation: true });
    const tokens: string[] = [];
    for (const email of ['log-one@example.com', 'log-two@example.com']) {
      const entered = await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name: 'Log Entrant', email },
      });
      expect(entered.statusCode).toBe(201);
      tokens.push(tokenOf(linkIn((await latestMailTo(t, email)).text, CONFIRM_PATH)));
    }
    const [pageToken, apiToken] = tokens as [string, string];
    const form = (token: string, origin?: string) =>
      request(t, undefined, {
        method: 'POST',
        url: CONFIRM_PATH,
        headers: { 'content-type': FORM, ...(origin ? { origin } : {}) },
        payload: new URLSearchParams({ token }).toString(),
      });

    expect(
      (await request(t, undefined, { method: 'GET', url: `${CONFIRM_PATH}?token=${pageToken}` }))
        .statusCode,
    ).toBe(200);
    expect((await form(pageToken, 'http://evil.example')).statusCode).toBe(403);
    expect((await form(pageToken, TEST_APP_URL)).statusCode).toBe(200);
    expect((await form(pageToken)).statusCode).toBe(400);
    const api = (token: string) =>
      request(t, undefined, { method: 'POST', url: '/api/entries/confirm', payload: { token } });
    expect((await api(apiToken)).statusCode).toBe(200);
    expect((await api(apiToken)).statusCode).toBe(400);
    expect(
      (
        await request(t, undefined, {
          method: 'GET',
          url: `/api/entries/confirm?token=${apiToken}`,
        })
      ).statusCode,
    ).toBe(404);
    await settleMails(t);

    const log = lines.join('');
    // The requests were logged (by path), their tokens were not.
    expect(log).toContain(CONFIRM_PATH);
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
