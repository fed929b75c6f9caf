import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrantLinks, entrantSessions } from '#server/db/schema.ts';
import { mailsTo } from '#server/testing/auth-helpers.ts';
import { expectError } from '#server/testing/draw-api.ts';
import {
  askForLink,
  asEntrant,
  entrantCookie,
  mailedMeToken,
  openPage,
  signInAsEntrant,
} from '#server/testing/entrant-page.ts';
import { seedContest, seedEntries, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { meMessages } from '#shared/contracts/me.ts';
import { purgeExpiredEntrantAccess } from './entrant-access.ts';

/**
 * The way into an entrant's own page (docs/product.md#your-entries-me): a link by mail that says
 * nothing about the address, works once for 15 minutes, and opens a session in a cookie.
 */
describe('the link to /me', () => {
  let t: TestApp;
  let contestId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await seedUser(t);
    contestId = (await seedContest(t.database, owner)).id;
  });
  afterAll(() => t.close());

  const entrant = async (email = `fan-${randomUUID().slice(0, 8)}@example.com`) => {
    await seedEntries(t.database, contestId, [{ name: 'Maya Chen', email }]);
    return email;
  };
  const stranger = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

  it('answers the same 202 for an address with entries and one without; only the first is mailed', async () => {
    const entered = await entrant();
    const unknown = stranger();
    const [withEntries, without] = [await askForLink(t, entered), await askForLink(t, unknown)];
    expect(withEntries.statusCode).toBe(202);
    expect(without.statusCode).toBe(202);
    expect(without.body).toBe(withEntries.body);
    expect(withEntries.json()).toEqual({ message: meMessages.linkSent });
    expect(Object.keys(without.headers).sort()).toEqual(Object.keys(withEntries.headers).sort());
    await t.app.backgroundTasks.idle();
    expect(await mailsTo(t, unknown)).toEqual([]);
    const [mail] = await mailsTo(t, entered);
    expect(mail?.purpose).toBe('entrant-link');
    expect(mail?.text).toContain('Show my entries');
    expect(mail?.text).toContain('expires in 15 minutes');
    expect(await mailedMeToken(t, entered)).toMatch(/^[\w-]{43}$/);
  });

  it('mails the address the entries were made with, not an alias typed to reach it (attacker first)', async () => {
    const victim = await entrant(`victim-${randomUUID().slice(0, 8)}@example.com`);
    const alias = victim.replace('@', '+attacker@');
    expect((await askForLink(t, alias)).statusCode).toBe(202);
    await t.app.backgroundTasks.idle();
    expect(await mailsTo(t, alias)).toEqual([]);
    expect(await mailedMeToken(t, victim)).not.toBeNull();
  });

  it('refuses a malformed address with 400 and the field error, never a 500', async () => {
    for (const email of ['not-an-address', '', 42, null, `${'a'.repeat(300)}@example.com`]) {
      const body = expectError(await askForLink(t, email), 400, 'VALIDATION');
      expect(body.errors).toHaveProperty('email');
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/me/link' });
    expect(noBody.statusCode).toBe(400);
  });

  it('opens the page once: the second press of the same link is refused', async () => {
    const email = await entrant();
    await askForLink(t, email);
    await t.app.backgroundTasks.idle();
    const token = (await mailedMeToken(t, email))!;
    const first = await openPage(t, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entries).toHaveLength(1);
    expectError(await openPage(t, token), 400, 'DEAD_LINK', meMessages.deadLink);
  });

  it('refuses a link past its 15 minutes, and a token nobody was sent', async () => {
    const email = await entrant();
    await askForLink(t, email);
    await t.app.backgroundTasks.idle();
    const token = (await mailedMeToken(t, email))!;
    await t.database.db
      .update(entrantLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${entrantLinks.emailKey} = ${email}`);
    expectError(await openPage(t, token), 400, 'DEAD_LINK', meMessages.deadLink);
    expectError(await openPage(t, 'A'.repeat(43)), 400, 'DEAD_LINK', meMessages.deadLink);
    for (const token of ['', 42, null, 'x'.repeat(500)]) {
      expect((await openPage(t, token)).statusCode).toBe(400);
    }
  });

  it('keeps the session in an httpOnly, SameSite=Lax cookie for the page calls only', async () => {
    const email = await entrant();
    await askForLink(t, email);
    await t.app.backgroundTasks.idle();
    const opened = await openPage(t, await mailedMeToken(t, email));
    const cookie = opened.cookies.find((candidate) => candidate.name === 'pw_entrant')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/me' });
    const lifetime = new Date(cookie.expires!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    expect(opened.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a session, with a forged or an ended one', async () => {
    expectError(await asEntrant(t, undefined, 'GET', '/api/me'), 401, 'UNAUTHORIZED');
    expectError(await asEntrant(t, 'pw_entrant=forged', 'GET', '/api/me'), 401, 'UNAUTHORIZED');
    const cookie = await signInAsEntrant(t, await entrant());
    expect((await asEntrant(t, cookie, 'GET', '/api/me')).statusCode).toBe(200);
    await t.database.db
      .update(entrantSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    expectError(await asEntrant(t, cookie, 'GET', '/api/me'), 401, 'UNAUTHORIZED');
    for (const url of ['/api/me/export', `/api/me/entries/${randomUUID()}/withdraw-consent`]) {
      const method = url.endsWith('export') ? 'GET' : 'POST';
      expectError(await asEntrant(t, cookie, method, url), 401, 'UNAUTHORIZED');
    }
    const removal = `/api/me/entries/${randomUUID()}`;
    expectError(await asEntrant(t, cookie, 'DELETE', removal), 401, 'UNAUTHORIZED');
  });

  it('a newer link in the same browser ends the session it had', async () => {
    const email = await entrant();
    const first = await signInAsEntrant(t, email);
    await askForLink(t, email);
    await t.app.backgroundTasks.idle();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/me/session',
      payload: { token: await mailedMeToken(t, email) },
      headers: { cookie: first },
    });
    expect((await asEntrant(t, entrantCookie(second), 'GET', '/api/me')).statusCode).toBe(200);
    expect((await asEntrant(t, first, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('housekeeping drops the links and sessions whose time has passed', async () => {
    await signInAsEntrant(t, await entrant());
    const expire = sql`now() - interval '1 minute'`;
    await t.database.db.update(entrantLinks).set({ expiresAt: expire });
    await t.database.db.update(entrantSessions).set({ expiresAt: expire });
    expect(await purgeExpiredEntrantAccess(t.database)).toBeGreaterThan(1);
    expect(await t.database.db.select().from(entrantLinks)).toEqual([]);
    expect(await t.database.db.select().from(entrantSessions)).toEqual([]);
  });
});

describe('the link to /me with rate limits on', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT: 'on', LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('limits links per mailbox whatever the client, and per client whatever the address', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await askForLink(t, email, `198.51.100.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await askForLink(t, email.toUpperCase(), '198.51.100.9');
    const body = expectError(refused, 429, 'RATE_LIMITED');
    expect(body.message).toMatch(
      /^Too many links were asked for this address\. Please try again in /,
    );

    const client = '203.0.113.50';
    const fromOne: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      fromOne.push((await askForLink(t, `other-${attempt}@example.com`, client)).statusCode);
    }
    expect(fromOne).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('never writes the link token to the log', async () => {
    const token = 'SecretTokenThatMustNotBeLogged0123456789abc';
    await t.app.inject({ method: 'GET', url: `/me?token=${token}` });
    await openPage(t, token);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});
