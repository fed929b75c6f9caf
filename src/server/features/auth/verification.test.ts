import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/messages.ts';
import { emailTokens } from '#server/db/schema.ts';
import {
  expireTokens,
  findUser,
  injectPath,
  latestMailTo,
  linkIn,
  logIn,
  mailsTo,
  setUserActive,
  signUp,
  signUpAndVerify,
  signupFields,
  tokenOfLink,
  uniqueEmail,
  verificationLink,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

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

  describe('GET /api/auth/verify-email', () => {
    it('verifies the account and redirects to /verify-email?status=verified', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);

      const response = await open(injectPath(link));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?status=verified');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });

    it('uses the link once: the token is spent, and a second click changes nothing', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      expect((await open(injectPath(link))).headers.location).toBe('/verify-email?status=verified');
      const verifiedAt = (await findUser(t, fields.email))?.emailVerifiedAt;

      const userId = (await findUser(t, fields.email))?.id ?? '';
      const tokens = await t.database.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'verify_email')));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.usedAt).toBeInstanceOf(Date);

      // A second click on the spent link is harmless: it says the account is verified.
      const again = await open(injectPath(link));
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toBe('/verify-email?status=verified');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toEqual(verifiedAt);
    });

    it('does not verify with a spent link when the account is still unverified', async () => {
      const fields = await signUpUnverified();
      const firstLink = await verificationLink(t, fields.email);
      // Asking for a new mail retires the first link.
      expect((await resend(fields.email)).statusCode).toBe(200);
      const secondLink = await verificationLink(t, fields.email);
      expect(secondLink).not.toBe(firstLink);

      const response = await open(injectPath(firstLink));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?status=invalid');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();

      expect((await open(injectPath(secondLink))).headers.location).toBe(
        '/verify-email?status=verified',
      );
    });

    it('refuses an expired link with status=expired and leaves the account unverified', async () => {
      const fields = await signUpUnverified();
      const link = await verificationLink(t, fields.email);
      await expireTokens(t, fields.email, 'verify_email');

      const response = await open(injectPath(link));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?status=expired');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
      expect((await logIn(t, fields)).statusCode).toBe(403);

      // The way out: a new mail, whose link works.
      expect((await resend(fields.email)).statusCode).toBe(200);
      const fresh = await verificationLink(t, fields.email);
      expect((await open(injectPath(fresh))).headers.location).toBe(
        '/verify-email?status=verified',
      );
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });

    it.each([
      [
        'an unknown token',
        '/api/auth/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ],
      ['a token that is not base64url', '/api/auth/verify-email?token=%3Cscript%3E%00%27'],
      ['an empty token', '/api/auth/verify-email?token='],
      ['no token at all', '/api/auth/verify-email'],
    ])('redirects %s to status=invalid', async (_case, url) => {
      const response = await open(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/verify-email?status=invalid');
    });

    it('does not accept a password-reset token as a verification token', async () => {
      const fields = await signUpUnverified();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: fields.email },
      });
      const resetMail = await latestMailTo(t, fields.email);
      expect(resetMail.subject).toBe('Reset your Prizewheel password');
      const resetToken = tokenOfLink(linkIn(resetMail.text, '/reset-password'));

      const response = await open(`/api/auth/verify-email?token=${encodeURIComponent(resetToken)}`);
      expect(response.headers.location).toBe('/verify-email?status=invalid');
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeNull();
    });

    it('a token verifies only the account it was sent to', async () => {
      const alice = await signUpUnverified();
      const bob = await signUpUnverified();
      await open(injectPath(await verificationLink(t, alice.email)));
      expect((await findUser(t, alice.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await findUser(t, bob.email))?.emailVerifiedAt).toBeNull();
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
      expect(response.json()).toMatchObject({ message: 'Please enter a valid email address' });
    });
  });
});
