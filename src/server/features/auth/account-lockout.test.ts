import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import {
  mailsTo,
  resetLink,
  sessionCookie,
  signUp,
  signupFields,
  TEST_PASSWORD,
  tokenOfLink,
  uniqueEmail,
  verificationLink,
  verifyWithLink,
  type Credentials,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * An attacker who guesses at an account, from one network or from many, must not lock its owner
 * out of a browser that has signed in to it before, nor spend the owner's reset mails
 * (docs/decisions/034-device-cookies-and-account-lockout.md). No proxy: each request comes from
 * the address it names.
 */
describe('an attacker cannot lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  const DEVICE_COOKIE = 'pw_device';
  const NEW_PASSWORD = 'a brand new passphrase';

  /** A verified account, straight in the database (sign-ups have a limit per address). */
  async function anAccount(): Promise<Credentials> {
    const email = uniqueEmail('owner');
    await t.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      emailVerifiedAt: new Date(),
    });
    return { email, password: TEST_PASSWORD };
  }

  /** A browser: the address it sends from and the cookies it keeps. */
  type Browser = { address: string; cookie?: string };

  const post = (browser: Browser, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: browser.address,
      headers: browser.cookie ? { cookie: browser.cookie } : {},
    });

  const signIn = (browser: Browser, email: string, password: string) =>
    post(browser, '/api/auth/login', { email, password });

  function setCookieLines(response: LightMyRequestResponse): string[] {
    const header = response.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [header];
  }

  /** The `name=value` of the device cookie the answer sets (empty when it sets none). */
  function deviceCookieOf(response: LightMyRequestResponse): string {
    const line = setCookieLines(response).find((each) => each.startsWith(`${DEVICE_COOKIE}=`));
    expect(line, 'the answer sets a device cookie').toBeDefined();
    return line?.split(';')[0] ?? '';
  }

  /** The owner signs in from their browser, then signs out: the browser has signed in before. */
  async function knownBrowserOf(owner: Credentials, address: string): Promise<Browser> {
    const signedIn = await signIn({ address }, owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    const device = deviceCookieOf(signedIn);
    await post({ address, cookie: sessionCookie(signedIn) }, '/api/auth/logout', {});
    return { address, cookie: device };
  }

  /** Wrong passwords at `email`, one from each of `addresses`, ten at a time; their statuses. */
  async function guessFrom(addresses: string[], email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let start = 0; start < addresses.length; start += 10) {
      const batch = addresses.slice(start, start + 10);
      const answers = await Promise.all(
        batch.map((address, index) => signIn({ address }, email, `guess-${start + index}`)),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    return statuses;
  }

  const count = (statuses: number[], status: number) =>
    statuses.filter((each) => each === status).length;

  /** 120 IPv4 clients, each on a network of its own. */
  const manyNetworks = (tag: number) =>
    Array.from({ length: 120 }, (_, index) => `198.18.${tag}.${index + 1}`);

  /** Locks `email` for browsers that never signed in to it, from 120 networks. */
  async function lockFromManyNetworks(email: string, tag: number) {
    const statuses = await guessFrom(manyNetworks(tag), email);
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(20);
  }

  /** Variants of a genuine device cookie that the server did not hand out as they are. */
  function counterfeitsOf(cookie: string): Record<string, string> {
    const [name, signed] = cookie.split('=') as [string, string];
    const value = decodeURIComponent(signed);
    const cut = value.lastIndexOf('.');
    const changed = value.at(cut - 1) === 'A' ? 'B' : 'A';
    const content = value.slice(0, cut);
    const signature = createHmac('sha256', 'a guess at the server secret, 32 chars')
      .update(content)
      .digest('base64')
      .replace(/=/g, '');
    return {
      tampered: `${name}=${encodeURIComponent(`${value.slice(0, cut - 1)}${changed}${value.slice(cut)}`)}`,
      forged: `${name}=${encodeURIComponent(`${content}.${signature}`)}`,
      unsigned: `${name}=${encodeURIComponent(content)}`,
    };
  }

  it("lets only the owner's known browser sign in while strangers have locked the account", async () => {
    const owner = await anAccount();
    const attacker = await anAccount();
    const ownersBrowser = await knownBrowserOf(owner, '192.0.2.20');
    const attackersBrowser = await knownBrowserOf(attacker, '192.0.2.21');
    await lockFromManyNetworks(owner.email, 1);

    const fresh = await signIn({ address: '192.0.2.22' }, owner.email, owner.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().code).toBe('RATE_LIMITED');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    const cookies = {
      "another account's": attackersBrowser.cookie!,
      ...counterfeitsOf(ownersBrowser.cookie!),
    };
    for (const [kind, cookie] of Object.entries(cookies)) {
      const attempt = await signIn({ address: '192.0.2.23', cookie }, owner.email, owner.password);
      expect(attempt.statusCode, kind).toBe(429);
    }

    const signedIn = await signIn(ownersBrowser, owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(owner.email);
    // From another network too: the browser is what is known, not where it is.
    const roaming = { ...ownersBrowser, address: '192.0.2.24' };
    expect((await signIn(roaming, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('hands out the device cookie signed, HttpOnly, SameSite=Lax, for the sign-in calls', async () => {
    const owner = await anAccount();
    const signedIn = await signIn({ address: '192.0.2.25' }, owner.email, owner.password);
    const line = setCookieLines(signedIn).find((each) => each.startsWith(`${DEVICE_COOKIE}=`));
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/api\/auth/);
    const maxAge = Number(line?.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBe(180 * 24 * 60 * 60);
  });

  it("still mails the owner's known browser a reset after strangers spent the address's mails", async () => {
    const owner = await anAccount();
    const attacker = await anAccount();
    const ownersBrowser = await knownBrowserOf(owner, '192.0.2.30');
    const attackersBrowser = await knownBrowserOf(attacker, '192.0.2.31');
    const mailsBefore = (await mailsTo(t, owner.email)).length;
    for (const url of ['/api/auth/forgot-password', '/api/auth/request-reset-token']) {
      const strangers: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const answer = await post({ address: `198.19.${index}.9` }, url, { email: owner.email });
        strangers.push(answer.statusCode);
      }
      expect(strangers.filter((status) => status === 429).length, url).toBeGreaterThan(0);
      // The attacker's own known browser is a stranger to the owner's account.
      const viaOwnCookie = await post(attackersBrowser, url, { email: owner.email });
      expect(viaOwnCookie.statusCode, url).toBe(429);
      const own = await post(ownersBrowser, url, { email: owner.email });
      expect(own.statusCode, url).toBe(200);
    }
    // 3 to the strangers (the limit counts both calls), 2 to the owner's browser.
    expect((await mailsTo(t, owner.email)).length - mailsBefore).toBe(5);
  });

  it('knows the browser that reset the password by the mailed link, no longer one that knew the old one', async () => {
    const owner = await anAccount();
    // Someone who had the password signed in with it on their own browser.
    const thiefsBrowser = await knownBrowserOf(owner, '192.0.2.50');
    await lockFromManyNetworks(owner.email, 2);
    const newBrowser: Browser = { address: '192.0.2.51' };
    const asked = await post(newBrowser, '/api/auth/forgot-password', { email: owner.email });
    expect(asked.statusCode).toBe(200);
    const token = tokenOfLink(await resetLink(t, owner.email));
    const reset = await post(newBrowser, '/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const resetter = { ...newBrowser, cookie: deviceCookieOf(reset) };
    expect((await signIn(resetter, owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    const guess = await signIn(thiefsBrowser, owner.email, 'a guess at the new password');
    expect(guess.statusCode).toBe(429);
  });

  it('locks one network after 10 failures while the owner signs in from another', async () => {
    const owner = await anAccount();
    const statuses = await guessFrom(Array(10).fill('203.0.113.66'), owner.email);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await signIn({ address: '203.0.113.66' }, owner.email, 'eleventh')).statusCode).toBe(
      429,
    );
    const elsewhere = await signIn({ address: '192.0.2.60' }, owner.email, owner.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 attacker under its /48, however many /64s it takes', async () => {
    const owner = await anAccount();
    const sixtyFours = Array.from({ length: 15 }, (_, index) => `2001:db8:77:${index + 1}::1`);
    const statuses = await guessFrom(sixtyFours, owner.email);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(5);
    const elsewhere = await signIn({ address: '2001:db8:99:1::1' }, owner.email, owner.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives a known browser 10 failures of its own, which lock no one else out', async () => {
    const owner = await anAccount();
    const browser = await knownBrowserOf(owner, '192.0.2.70');
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      // A phone on the move: the limit follows the browser, not its network.
      const answer = await signIn(
        { ...browser, address: `192.0.2.${100 + index}` },
        owner.email,
        `typo-${index}`,
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const otherBrowser = await signIn({ address: '192.0.2.71' }, owner.email, owner.password);
    expect(otherBrowser.statusCode).toBe(200);
  });

  it('knows the browser that verified the address', async () => {
    const fields = signupFields();
    expect((await signUp(t, fields)).statusCode).toBe(201);
    const verified = await verifyWithLink(
      t,
      await verificationLink(t, fields.email),
      fields.password,
    );
    expect(verified.statusCode).toBe(200);
    await lockFromManyNetworks(fields.email, 3);
    const signedIn = await signIn(
      { address: '192.0.2.90', cookie: deviceCookieOf(verified) },
      fields.email,
      fields.password,
    );
    expect(signedIn.statusCode).toBe(200);
  });
});
