import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '#server/db/schema.ts';
import {
  currentUser,
  expireTokens,
  findUser,
  logIn,
  mailsTo,
  resetLink,
  sessionCookie,
  sessionSetCookie,
  setUserActive,
  signUp,
  signUpAndVerify,
  signupFields,
  tokenOfLink,
  uniqueEmail,
  verificationLink,
  verifyWithLink,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { authMessages } from '#shared/messages.ts';

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const open = (url: string) => t.app.inject({ method: 'GET', url });

  async function signUpUnverified(overrides: Partial<SignupFields> = {}): Promise<SignupFields> {
    const fields = signupFields(overrides);
    expect((await signUp(t, fields)).statusCode).toBe(201);
    return fields;
  }

  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });

  describe('the link in the mail', () => {
    it('leads to the page that asks for the password', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      expect(new URL(link).pathname).toBe('/verify-email');
      expect(tokenOfLink(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('still works from mails sent before: the old API link redirects to the page', async () => {
      const response = await open('/api/auth/verify-email?token=abc_DEF-1');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?token=abc_DEF-1');
      // Opening a link changes nothing by itself.
      const fields = await signUpUnverified();
      const token = tokenOfLink(await verificationLink(t, fields.email));
      await open(`/api/auth/verify-email?token=${token}`);
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
    });
  });

  describe('POST /api/auth/verify-email', () => {
    it('verifies the account with the sign-up password and signs the person in', async () => {
      const fields = await signUpUnverified();
      const response = await verifyWithLink(
        t,
        await verificationLink(t, fields.email),
        fields.password,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: fields.email, role: 'user' });
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      const me = await currentUser(t, sessionCookie(response));
      expect(me.json()).toMatchObject({ email: fields.email });
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });

    it('refuses another password and leaves the account unverified', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      const response = await verifyWithLink(t, link, 'not the sign-up password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: authMessages.verificationPasswordWrong,
        code: 'INVALID_CREDENTIALS',
      });
      expect(sessionSetCookie(response)).toBeUndefined();
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
      // The link is not spent by a wrong password.
      expect((await verifyWithLink(t, link, fields.password)).statusCode).toBe(200);
    });

    it('uses the link once: a second use with the password is harmless', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      expect((await verifyWithLink(t, link, fields.password)).statusCode).toBe(200);
      const verifiedAt = (await findUser(t, fields.email))?.emailVerifiedAt;

      const userId = (await findUser(t, fields.email))?.id ?? '';
      const tokens = await t.database.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'verify_email')));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.usedAt).toBeInstanceOf(Date);

      const again = await verifyWithLink(t, link, fields.password);
      expect(again.statusCode).toBe(200);
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toEqual(verifiedAt);
    });

    it('does not verify with a replaced link when the account is still unverified', async () => {
      const fields = await signUpUnverified();
      const firstLink = await verificationLink(t, fields.email);
      // Asking for a new mail retires the first link.
      expect((await resend(fields.email)).statusCode).toBe(200);
      const secondLink = await verificationLink(t, fields.email);
      expect(secondLink).not.toBe(firstLink);

      const response = await verifyWithLink(t, firstLink, fields.password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.verificationLinkInvalid,
        code: 'DEAD_LINK',
      });
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
      expect((await verifyWithLink(t, secondLink, fields.password)).statusCode).toBe(200);
    });

    it('refuses an expired link and leaves the account unverified', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      await expireTokens(t, fields.email, 'verify_email');

      const response = await verifyWithLink(t, link, fields.password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.verificationLinkExpired,
        code: 'DEAD_LINK',
      });
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
      expect((await logIn(t, fields)).statusCode).toBe(403);

      // The way out: a new mail, whose link works.
      expect((await resend(fields.email)).statusCode).toBe(200);
      const fresh = await verificationLink(t, fields.email);
      expect((await verifyWithLink(t, fresh, fields.password)).statusCode).toBe(200);
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });

    it.each([
      ['an unknown token', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['a token that is not base64url', '<script>\'"'],
    ])('refuses %s with 400', async (_case, token) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token, password: 'whatever-it-is' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.verificationLinkInvalid,
        code: 'DEAD_LINK',
      });
    });

    it('refuses a missing token or password with a field message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: '', password: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(Object.keys(response.json().errors).sort()).toEqual(['password', 'token']);
    });

    it('does not accept a password-reset token as a verification token', async () => {
      const fields = await signUpUnverified();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: fields.email },
      });
      const response = await verifyWithLink(t, await resetLink(t, fields.email), fields.password);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('DEAD_LINK');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
    });

    it('a token verifies only the account it was sent to', async () => {
      const alice = await signUpUnverified();
      const bob = await signUpUnverified();
      await verifyWithLink(t, await verificationLink(t, alice.email), alice.password);
      expect((await findUser(t, alice.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await findUser(t, bob.email))?.emailVerifiedAt).toBeNull();
    });

    it('refuses a deactivated account even with the right password', async () => {
      const fields = await signUpUnverified();
      await setUserActive(t, fields.email, false);
      const response = await verifyWithLink(
        t,
        await verificationLink(t, fields.email),
        fields.password,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: authMessages.accountDeactivated,
        code: 'ACCOUNT_DEACTIVATED',
      });
      expect(sessionSetCookie(response)).toBeUndefined();
    });
  });

  describe('POST /api/auth/resend-verification', () => {
    const sameAnswer = { message: authMessages.verificationSent };

    it('sends a new link to an unverified account', async () => {
      const fields = await signUpUnverified();
      const response = await resend(fields.email.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sameAnswer);
      expect(await mailsTo(t, fields.email)).toHaveLength(2);
    });

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const response = await resend(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sameAnswer);
      expect(await mailsTo(t, email)).toHaveLength(0);
    });

    it('answers the same for a verified account and sends nothing', async () => {
      const fields = await signUpAndVerify(t);
      const before = (await mailsTo(t, fields.email)).length;
      const response = await resend(fields.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sameAnswer);
      expect(await mailsTo(t, fields.email)).toHaveLength(before);
    });

    it('answers the same for a deactivated account and sends nothing', async () => {
      const fields = await signUpUnverified();
      await setUserActive(t, fields.email, false);
      const response = await resend(fields.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sameAnswer);
      expect(await mailsTo(t, fields.email)).toHaveLength(1);
    });

    it('refuses an invalid e-mail with 400', async () => {
      const response = await resend('nope');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please enter a valid email address',
        code: 'VALIDATION',
      });
    });
  });
});
