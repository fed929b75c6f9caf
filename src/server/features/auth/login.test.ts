import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import {
  currentUser,
  findUser,
  logIn,
  logInCookie,
  sessionCookie,
  sessionSetCookie,
  setUserActive,
  signUp,
  signUpAndVerify,
  signupFields,
  uniqueEmail,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { SESSION_TTL_MS } from '#shared/constants.ts';
import { authMessages } from '#shared/messages.ts';

describe('signing in and out', () => {
  let t: TestApp;
  /** A verified account shared by tests that only read it or sign it in. */
  let member: SignupFields;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpAndVerify(t, { firstName: 'Marie', lastName: 'Curie' });
  });
  afterAll(() => t.close());

  const logOut = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cookie ? { cookie } : {} });

  async function sessionCount(email: string): Promise<number> {
    const user = await findUser(t, email);
    const rows = await t.database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    return rows.length;
  }

  describe('POST /api/auth/login', () => {
    it('signs a verified user in and answers the current user without secrets', async () => {
      const response = await logIn(t, member);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        user: {
          id: expect.any(String),
          firstName: 'Marie',
          lastName: 'Curie',
          email: member.email,
          role: 'user',
        },
      });
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toMatch(/password/i);
      expect(sessionSetCookie(response)).toBeDefined();
    });

    it('accepts the e-mail in another letter case and with surrounding spaces', async () => {
      const response = await logIn(t, { ...member, email: `  ${member.email.toUpperCase()} ` });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(member.email);
    });

    it('refuses a wrong password with 401 "Invalid email or password" and no cookie', async () => {
      const response = await logIn(t, { ...member, password: 'wrong password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('is case-sensitive about the password', async () => {
      const response = await logIn(t, { ...member, password: member.password.toUpperCase() });
      expect(response.statusCode).toBe(401);
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const wrongPassword = await logIn(t, { ...member, password: 'wrong password' });
      const unknown = await logIn(t, { email: uniqueEmail('ghost'), password: 'wrong password' });
      expect(unknown.statusCode).toBe(wrongPassword.statusCode);
      expect(unknown.body).toBe(wrongPassword.body);
      expect(unknown.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an unverified account with 403 and the verify-your-email message', async () => {
      const fields = signupFields();
      expect((await signUp(t, fields)).statusCode).toBe(201);
      const response = await logIn(t, fields);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: authMessages.emailNotVerified,
        code: 'EMAIL_NOT_VERIFIED',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount(fields.email)).toBe(0);
    });

    it('reveals an unverified account to nobody but its owner: a wrong password is a 401', async () => {
      const fields = signupFields();
      await signUp(t, fields);
      const response = await logIn(t, { ...fields, password: 'wrong password' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: authMessages.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    });

    it.each([
      ['no e-mail', { password: 'whatever1' }, 'email', 'Please enter a valid email address'],
      [
        'a bad e-mail',
        { email: 'nope', password: 'whatever1' },
        'email',
        'Please enter a valid email address',
      ],
      ['no password', { email: 'a@example.com' }, 'password', 'Password is required'],
      [
        'an empty password',
        { email: 'a@example.com', password: '' },
        'password',
        'Password is required',
      ],
    ])('refuses %s with 400 and the field message', async (_case, payload, field, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message,
        code: 'VALIDATION',
        errors: { [field]: message },
      });
    });
  });

  describe('deactivated users', () => {
    it('cannot sign in, and their existing sessions stop working at once', async () => {
      const fields = await signUpAndVerify(t);
      const phone = await logInCookie(t, fields);
      const laptop = await logInCookie(t, fields);
      expect((await currentUser(t, phone)).statusCode).toBe(200);

      await setUserActive(t, fields.email, false);

      for (const cookie of [phone, laptop]) {
        const response = await currentUser(t, cookie);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      }
      const login = await logIn(t, fields);
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({
        message: authMessages.accountDeactivated,
        code: 'ACCOUNT_DEACTIVATED',
      });
      expect(login.headers['set-cookie']).toBeUndefined();

      // A wrong password says nothing about the account's state.
      const wrong = await logIn(t, { ...fields, password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        message: authMessages.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    });

    it('can sign in again once reactivated', async () => {
      const fields = await signUpAndVerify(t);
      await setUserActive(t, fields.email, false);
      expect((await logIn(t, fields)).statusCode).toBe(403);
      await setUserActive(t, fields.email, true);
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers 401 "Unauthorized" without a session cookie', async () => {
      const response = await currentUser(t);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    });

    it('answers the signed-in user (first name, e-mail, role)', async () => {
      const cookie = await logInCookie(t, member);
      const response = await currentUser(t, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        firstName: 'Marie',
        email: member.email,
        role: 'user',
      });
      expect(response.body).not.toMatch(/password|argon2/i);
    });

    it.each([
      ['a made-up cookie', `${SESSION_COOKIE}=made-up`],
      ['an empty cookie', `${SESSION_COOKIE}=`],
      ['a cookie with a forged signature', `${SESSION_COOKIE}=${'a'.repeat(43)}.${'b'.repeat(43)}`],
    ])('answers 401 for %s', async (_case, cookie) => {
      const response = await currentUser(t, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    });

    it('answers 401 when the signed cookie value is altered', async () => {
      const cookie = await logInCookie(t, member);
      const [name, value = ''] = cookie.split('=');
      const tampered = `${name}=${value.slice(0, 5)}${value[5] === 'A' ? 'B' : 'A'}${value.slice(6)}`;
      expect((await currentUser(t, tampered)).statusCode).toBe(401);
      expect((await currentUser(t, cookie)).statusCode).toBe(200);
    });

    it('answers 401 once the session has expired', async () => {
      const fields = await signUpAndVerify(t);
      const cookie = await logInCookie(t, fields);
      const user = await findUser(t, fields.email);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user?.id ?? ''));
      expect((await currentUser(t, cookie)).statusCode).toBe(401);
    });

    it('reflects a role change on the next request', async () => {
      const fields = await signUpAndVerify(t);
      const cookie = await logInCookie(t, fields);
      const user = await findUser(t, fields.email);
      await t.database.db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.id, user?.id ?? ''));
      expect((await currentUser(t, cookie)).json().role).toBe('admin');
    });
  });

  describe('session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/, signed, persistent, and not Secure over http', async () => {
      const response = await logIn(t, member);
      const line = sessionSetCookie(response) ?? '';
      const attributes = line.split(';').map((part) => part.trim());
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes).toContain('Path=/');
      expect(attributes).not.toContain('Secure');
      expect(attributes.some((part) => /^Domain=/i.test(part))).toBe(false);

      const expires = attributes
        .find((part) => part.startsWith('Expires='))
        ?.slice('Expires='.length);
      const lifetime = Date.parse(expires ?? '') - Date.now();
      expect(lifetime).toBeGreaterThan(SESSION_TTL_MS - 60_000);
      expect(lifetime).toBeLessThanOrEqual(SESSION_TTL_MS);

      // Signed: the value carries a signature after the token.
      const value = decodeURIComponent(sessionCookie(response).split('=').slice(1).join('='));
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}\.\S+$/);
    });

    it('ignores X-Forwarded-Proto when TRUST_PROXY is off (not Secure)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(sessionSetCookie(response)).not.toMatch(/;\s*Secure/i);
    });

    it('stores only a hash of the session token in the database', async () => {
      const cookie = await logInCookie(t, member);
      const token = decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0] ?? '';
      const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    });
  });

  describe('session id rotation', () => {
    it('gives a new session id at sign-in and ends the one the browser had', async () => {
      const fields = await signUpAndVerify(t);
      const first = await logInCookie(t, fields);

      const again = await logIn(t, fields, first);
      expect(again.statusCode).toBe(200);
      const second = sessionCookie(again);
      expect(second).not.toBe(first);

      expect((await currentUser(t, first)).statusCode).toBe(401);
      expect((await currentUser(t, second)).statusCode).toBe(200);
      expect(await sessionCount(fields.email)).toBe(1);
    });

    it('ends the previous user’s session when another user signs in in the same browser', async () => {
      const alice = await signUpAndVerify(t);
      const bob = await signUpAndVerify(t);
      const aliceCookie = await logInCookie(t, alice);

      const response = await logIn(t, bob, aliceCookie);
      expect(response.statusCode).toBe(200);
      const bobCookie = sessionCookie(response);
      expect((await currentUser(t, aliceCookie)).statusCode).toBe(401);
      expect((await currentUser(t, bobCookie)).json().email).toBe(bob.email);
    });

    it('keeps sessions of other browsers of the same user', async () => {
      const fields = await signUpAndVerify(t);
      const phone = await logInCookie(t, fields);
      const laptop = await logInCookie(t, fields);
      expect(laptop).not.toBe(phone);
      expect((await currentUser(t, phone)).statusCode).toBe(200);
      expect((await currentUser(t, laptop)).statusCode).toBe(200);
    });

    it('keeps the session of the browser when a sign-in attempt fails', async () => {
      const fields = await signUpAndVerify(t);
      const cookie = await logInCookie(t, fields);
      const failed = await logIn(t, { ...fields, password: 'wrong password' }, cookie);
      expect(failed.statusCode).toBe(401);
      expect((await currentUser(t, cookie)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session on the server and clears the cookie', async () => {
      const fields = await signUpAndVerify(t);
      const cookie = await logInCookie(t, fields);
      const other = await logInCookie(t, fields);

      const response = await logOut(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: authMessages.loggedOut });
      const cleared = sessionSetCookie(response) ?? '';
      expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(cleared).toContain('Path=/');

      // Replaying the old cookie does not bring the session back.
      const replay = await currentUser(t, cookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      // Other browsers stay signed in.
      expect((await currentUser(t, other)).statusCode).toBe(200);
      expect(await sessionCount(fields.email)).toBe(1);
    });

    it('answers 200 without a session, and twice in a row', async () => {
      const first = await logOut();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: authMessages.loggedOut });
      const cookie = await logInCookie(t, member);
      expect((await logOut(cookie)).statusCode).toBe(200);
      expect((await logOut(cookie)).statusCode).toBe(200);
    });

    it('answers 200 for a forged cookie and ends no one else’s session', async () => {
      const cookie = await logInCookie(t, member);
      const response = await logOut(`${SESSION_COOKIE}=forged.value`);
      expect(response.statusCode).toBe(200);
      expect((await currentUser(t, cookie)).statusCode).toBe(200);
    });
  });

  describe('GET /api/login', () => {
    it('redirects to /login', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login');
    });
  });
});
