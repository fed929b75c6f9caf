import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUser,
  expireTokens,
  findUser,
  logIn,
  logInCookie,
  mailedResetToken,
  mailsTo,
  requestPasswordReset,
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
} from '#server/testing/auth-helpers.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import { authMessages } from '#shared/messages.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resetWithLink = (body: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: body,
      headers: cookie ? { cookie } : {},
    });

  const resetManually = (body: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/manual-reset',
      payload: body,
      headers: cookie ? { cookie } : {},
    });

  async function tokenFromResetLink(email: string): Promise<string> {
    expect((await requestPasswordReset(t, email, 'link')).statusCode).toBe(200);
    return tokenOfLink(await resetLink(t, email));
  }

  async function tokenFromResetTokenMail(email: string): Promise<string> {
    expect((await requestPasswordReset(t, email, 'token')).statusCode).toBe(200);
    return mailedResetToken(t, email);
  }

  describe('enumeration safety', () => {
    it.each([
      ['POST /api/auth/forgot-password', 'link', authMessages.resetLinkSent],
      ['POST /api/auth/request-reset-token', 'token', authMessages.resetTokenSent],
    ] as const)(
      '%s answers identically for an existing, an unknown and a deactivated e-mail',
      async (_route, kind, message) => {
        const existing = await signUpAndVerify(t);
        const deactivated = await signUpAndVerify(t);
        await setUserActive(t, deactivated.email, false);
        const unknown = uniqueEmail('ghost');
        const mailsBefore = (await mailsTo(t, existing.email)).length;

        const answers = await Promise.all(
          [existing.email, unknown, deactivated.email].map((email) =>
            requestPasswordReset(t, email, kind),
          ),
        );
        for (const answer of answers) {
          expect(answer.statusCode).toBe(200);
          expect(answer.json()).toEqual({ message });
          expect(answer.headers['set-cookie']).toBeUndefined();
        }
        expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);

        expect(await mailsTo(t, existing.email)).toHaveLength(mailsBefore + 1);
        expect(await mailsTo(t, unknown)).toHaveLength(0);
        expect(await mailsTo(t, deactivated.email)).toHaveLength(1); // the verification mail only
      },
    );

    it('refuses an invalid e-mail with 400 on both routes', async () => {
      for (const kind of ['link', 'token'] as const) {
        const response = await requestPasswordReset(t, 'not-an-email', kind);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'Please enter a valid email address',
          code: 'VALIDATION',
        });
      }
    });
  });

  describe('the mails', () => {
    it('forgot-password mails APP_URL/reset-password?token=...', async () => {
      const fields = await signUpAndVerify(t);
      await requestPasswordReset(t, fields.email.toUpperCase(), 'link');
      const mail = (await mailsTo(t, fields.email)).at(-1);
      expect(mail?.subject).toBe('Reset your Prizewheel password');
      const link = await resetLink(t, fields.email);
      expect(link).toMatch(
        new RegExp(`^${TEST_APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
    });

    it('request-reset-token mails the token itself and a link to /manual-reset', async () => {
      const fields = await signUpAndVerify(t);
      await requestPasswordReset(t, fields.email, 'token');
      const mail = (await mailsTo(t, fields.email)).at(-1);
      expect(mail?.subject).toBe('Your Prizewheel reset token');
      expect(mail?.text).toContain(`${TEST_APP_URL}/manual-reset`);
      const token = await mailedResetToken(t, fields.email);
      expect(mail?.html).toContain(token);
    });
  });

  describe('POST /api/auth/reset-password (link from the mail)', () => {
    it('sets the new password once: new one works, old one does not, link cannot be reused', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetLink(fields.email);

      const response = await resetWithLink({
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: authMessages.passwordReset });

      expect((await logIn(t, { email: fields.email, password: NEW_PASSWORD })).statusCode).toBe(
        200,
      );
      const old = await logIn(t, fields);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });

      const reuse = await resetWithLink({
        token,
        password: 'another passphrase',
        confirmPassword: 'another passphrase',
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ message: authMessages.resetLinkInvalid, code: 'DEAD_LINK' });
      expect((await logIn(t, { email: fields.email, password: NEW_PASSWORD })).statusCode).toBe(
        200,
      );
    });

    it('refuses an expired link and keeps the old password', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetLink(fields.email);
      await expireTokens(t, fields.email, 'password_reset');

      const response = await resetWithLink({
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.resetLinkInvalid,
        code: 'DEAD_LINK',
      });
      expect((await logIn(t, fields)).statusCode).toBe(200);
      expect((await logIn(t, { email: fields.email, password: NEW_PASSWORD })).statusCode).toBe(
        401,
      );
    });

    it('refuses an unknown token', async () => {
      const response = await resetWithLink({
        token: 'A'.repeat(43),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.resetLinkInvalid,
        code: 'DEAD_LINK',
      });
    });

    it('keeps the pending link valid when a newer one is requested (by anyone)', async () => {
      const fields = await signUpAndVerify(t);
      const older = await tokenFromResetLink(fields.email);
      const newer = await tokenFromResetLink(fields.email);
      expect(newer).not.toBe(older);

      const withOlder = await resetWithLink({
        token: older,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(withOlder.statusCode).toBe(200);
      // A password set retires every other pending link.
      const withNewer = await resetWithLink({
        token: newer,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(withNewer.statusCode).toBe(400);
    });

    it('keeps at most three links live: a fourth request retires the oldest', async () => {
      const fields = await signUpAndVerify(t);
      const tokens: string[] = [];
      for (let request = 0; request < 4; request += 1) {
        tokens.push(await tokenFromResetLink(fields.email));
      }
      const reset = (token: string) =>
        resetWithLink({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect((await reset(tokens[0]!)).statusCode).toBe(400);
      expect((await reset(tokens[1]!)).statusCode).toBe(200);
    });

    it('does not accept a verification token as a reset token', async () => {
      const fields = signupFields();
      await signUp(t, fields);
      const token = tokenOfLink(await verificationLink(t, fields.email));
      const response = await resetWithLink({
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.resetLinkInvalid,
        code: 'DEAD_LINK',
      });
    });

    it('lets exactly one of two simultaneous uses of a link succeed', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetLink(fields.email);
      const [first, second] = await Promise.all([
        resetWithLink({ token, password: 'first passphrase', confirmPassword: 'first passphrase' }),
        resetWithLink({
          token,
          password: 'second passphrase',
          confirmPassword: 'second passphrase',
        }),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 400]);
      const winner = first?.statusCode === 200 ? 'first passphrase' : 'second passphrase';
      expect((await logIn(t, { email: fields.email, password: winner })).statusCode).toBe(200);
    });

    it('ends all of the user’s sessions, and clears the cookie of the browser that resets', async () => {
      const fields = await signUpAndVerify(t);
      const phone = await logInCookie(t, fields);
      const laptop = await logInCookie(t, fields);
      const bystander = await signUpAndVerify(t);
      const bystanderCookie = await logInCookie(t, bystander);
      const token = await tokenFromResetLink(fields.email);

      const response = await resetWithLink(
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        laptop,
      );
      expect(response.statusCode).toBe(200);
      expect(sessionSetCookie(response)).toMatch(/^pw_session=;/);

      for (const cookie of [phone, laptop]) {
        const user = await currentUser(t, cookie);
        expect(user.statusCode).toBe(401);
        expect(user.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      }
      expect((await currentUser(t, bystanderCookie)).statusCode).toBe(200);
      const fresh = sessionCookie(await logIn(t, { email: fields.email, password: NEW_PASSWORD }));
      expect((await currentUser(t, fresh)).statusCode).toBe(200);
    });

    it('verifies an unverified account, since the mail reached its owner', async () => {
      const fields = signupFields();
      await signUp(t, fields);
      const token = await tokenFromResetLink(fields.email);
      const response = await resetWithLink({
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await logIn(t, { email: fields.email, password: NEW_PASSWORD })).statusCode).toBe(
        200,
      );
    });

    describe('validation', () => {
      it("refuses a confirmation that differs with 400 'Passwords don't match' on confirmPassword", async () => {
        const fields = await signUpAndVerify(t);
        const token = await tokenFromResetLink(fields.email);
        const response = await resetWithLink({
          token,
          password: NEW_PASSWORD,
          confirmPassword: `${NEW_PASSWORD}!`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: "Passwords don't match",
          code: 'VALIDATION',
          errors: { confirmPassword: "Passwords don't match" },
        });
        // The refused attempt did not spend the link.
        const retry = await resetWithLink({
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        });
        expect(retry.statusCode).toBe(200);
      });

      it.each([
        [
          'no token',
          { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          'token',
          'Token is required',
        ],
        [
          'a blank token',
          { token: '  ', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          'token',
          'Token is required',
        ],
        [
          'a short password',
          { token: 'x', password: 'short', confirmPassword: NEW_PASSWORD },
          'password',
          'Password must be at least 8 characters',
        ],
        [
          'a short confirmation',
          { token: 'x', password: NEW_PASSWORD, confirmPassword: 'short' },
          'confirmPassword',
          'Password confirmation is required',
        ],
        [
          'no confirmation',
          { token: 'x', password: NEW_PASSWORD },
          'confirmPassword',
          'Password confirmation is required',
        ],
      ])('refuses %s with 400 and the field message', async (_case, body, field, message) => {
        const response = await resetWithLink(body);
        expect(response.statusCode).toBe(400);
        const answer = response.json();
        expect(answer.code).toBe('VALIDATION');
        expect(answer.errors[field]).toBe(message);
        expect(answer.message).toBe(message);
      });
    });
  });

  describe('POST /api/auth/manual-reset (token from the mail)', () => {
    it('resets the password with the mailed token once; sessions end; old password stops working', async () => {
      const fields = await signUpAndVerify(t);
      const cookie = await logInCookie(t, fields);
      const token = await tokenFromResetTokenMail(fields.email);

      const response = await resetManually({
        email: fields.email,
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: authMessages.passwordReset });
      expect((await currentUser(t, cookie)).statusCode).toBe(401);
      expect((await logIn(t, fields)).statusCode).toBe(401);
      expect((await logIn(t, { email: fields.email, password: NEW_PASSWORD })).statusCode).toBe(
        200,
      );

      const reuse = await resetManually({
        email: fields.email,
        token,
        password: 'another passphrase',
        confirmPassword: 'another passphrase',
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({
        message: authMessages.resetTokenInvalid,
        code: 'INVALID_TOKEN',
      });
    });

    it('accepts the e-mail in another letter case', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetTokenMail(fields.email);
      const response = await resetManually({
        email: ` ${fields.email.toUpperCase()} `,
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    });

    it('requires the token of that e-mail’s account: another account’s token is refused and not spent', async () => {
      const alice = await signUpAndVerify(t);
      const mallory = await signUpAndVerify(t);
      const malloryToken = await tokenFromResetTokenMail(mallory.email);

      const attack = await resetManually({
        email: alice.email,
        token: malloryToken,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(attack.statusCode).toBe(400);
      expect(attack.json()).toEqual({
        message: authMessages.resetTokenInvalid,
        code: 'INVALID_TOKEN',
      });
      expect((await logIn(t, alice)).statusCode).toBe(200);
      expect((await logIn(t, { email: alice.email, password: NEW_PASSWORD })).statusCode).toBe(401);

      // The token still works for the account it was sent to.
      const own = await resetManually({
        email: mallory.email,
        token: malloryToken,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(own.statusCode).toBe(200);
    });

    it('refuses an unknown e-mail with the same answer as a wrong token', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetTokenMail(fields.email);
      const unknown = await resetManually({
        email: uniqueEmail('ghost'),
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      const wrongToken = await resetManually({
        email: fields.email,
        token: 'A'.repeat(43),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toBe(wrongToken.body);
      expect(unknown.json()).toEqual({
        message: authMessages.resetTokenInvalid,
        code: 'INVALID_TOKEN',
      });
    });

    it('refuses an expired token', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetTokenMail(fields.email);
      await expireTokens(t, fields.email, 'password_reset');
      const response = await resetManually({
        email: fields.email,
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: authMessages.resetTokenInvalid,
        code: 'INVALID_TOKEN',
      });
      expect((await logIn(t, fields)).statusCode).toBe(200);
    });

    it('also accepts the token of a reset link (both are password-reset tokens)', async () => {
      const fields = await signUpAndVerify(t);
      const token = await tokenFromResetLink(fields.email);
      const response = await resetManually({
        email: fields.email,
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    });

    describe('validation', () => {
      const valid = {
        email: 'someone@example.com',
        token: 'x',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      };
      it.each([
        [
          'a bad e-mail',
          { ...valid, email: 'nope' },
          'email',
          'Please enter a valid email address',
        ],
        ['no token', { ...valid, token: undefined }, 'token', 'Reset token is required'],
        ['a blank token', { ...valid, token: ' ' }, 'token', 'Reset token is required'],
        [
          'a short password',
          { ...valid, password: 'short' },
          'password',
          'Password must be at least 8 characters',
        ],
        [
          'no confirmation',
          { ...valid, confirmPassword: '' },
          'confirmPassword',
          'Please confirm your password',
        ],
        [
          'a different confirmation',
          { ...valid, confirmPassword: 'something else' },
          'confirmPassword',
          "Passwords don't match",
        ],
      ])('refuses %s with 400 and the field message', async (_case, body, field, message) => {
        const response = await resetManually(body);
        expect(response.statusCode).toBe(400);
        const answer = response.json();
        expect(answer.code).toBe('VALIDATION');
        expect(answer.errors[field]).toBe(message);
        expect(answer.message).toBe(message);
      });
    });
  });
});
