import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import {
  currentUser,
  findUser,
  logInCookie,
  mailsTo,
  signUp,
  signUpAndVerify,
  signupFields,
  uniqueEmail,
  verificationLink,
  verifyWithLink,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';

describe('POST /api/auth/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@x.com, Chief@Example.org' } });
  });
  afterAll(() => t.close());

  describe('validation', () => {
    it.each([
      [
        'an e-mail without @',
        { email: 'not-an-email' },
        'email',
        'Please enter a valid email address',
      ],
      [
        'an e-mail without domain',
        { email: 'ada@' },
        'email',
        'Please enter a valid email address',
      ],
      ['a blank e-mail', { email: '   ' }, 'email', 'Please enter a valid email address'],
      [
        'a 7-character password',
        { password: 'seven77' },
        'password',
        'Password must be at least 8 characters',
      ],
      ['an empty password', { password: '' }, 'password', 'Password must be at least 8 characters'],
      ['an empty first name', { firstName: '' }, 'firstName', 'First name is required'],
      ['a blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
      ['an empty last name', { lastName: '' }, 'lastName', 'Last name is required'],
      ['a blank last name', { lastName: ' \t ' }, 'lastName', 'Last name is required'],
    ])('refuses %s with 400 and the field message', async (_case, override, field, message) => {
      const fields = signupFields(override);
      const response = await signUp(t, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message,
        code: 'VALIDATION',
        errors: { [field]: message },
      });
      expect(await findUser(t, fields.email)).toBeUndefined();
    });

    it('reports every missing field at once, each with its own message', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      expect(body.code).toBe('VALIDATION');
      expect(body.errors).toEqual({
        email: 'Please enter a valid email address',
        password: 'Password is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
      });
    });

    it('accepts a password of exactly 8 characters', async () => {
      const response = await signUp(t, signupFields({ password: 'eight888' }));
      expect(response.statusCode).toBe(201);
    });

    it('refuses names with control characters instead of failing in the database', async () => {
      for (const firstName of ['Ada\u0000', 'A\nda']) {
        const fields = signupFields({ firstName });
        const response = await signUp(t, fields);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toHaveProperty('firstName');
        expect(await findUser(t, fields.email)).toBeUndefined();
      }
      const lastNameResponse = await signUp(t, signupFields({ lastName: 'Love\u0000lace' }));
      expect(lastNameResponse.statusCode).toBe(400);
      expect(lastNameResponse.json().errors).toHaveProperty('lastName');
    });
  });

  describe('a valid sign-up', () => {
    it('answers 201 with the check-your-email message and creates an unverified user', async () => {
      const fields = signupFields({ firstName: '  Grace ', lastName: ' Hopper ' });
      const response = await signUp(t, fields);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        message: 'Please check your email to verify your account.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();

      const user = await findUser(t, fields.email);
      expect(user).toMatchObject({
        email: fields.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'user',
        isActive: true,
        emailVerifiedAt: null,
      });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user?.passwordHash).not.toContain(fields.password);
      expect(await verifyPassword(user?.passwordHash, fields.password)).toBe(true);
    });

    it('trims the e-mail address and keeps its letter case for display', async () => {
      const email = uniqueEmail('Mixed.Case');
      const response = await signUp(t, signupFields({ email: `  ${email}  ` }));
      expect(response.statusCode).toBe(201);
      expect((await findUser(t, email))?.email).toBe(email);
    });

    it('sends one verification mail whose link points at the app', async () => {
      const fields = signupFields();
      await signUp(t, fields);
      const mails = await mailsTo(t, fields.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Verify your email for Prizewheel');
      expect(mails[0]?.text).toContain('Hi Ada,');
      const link = await verificationLink(t, fields.email);
      expect(link.startsWith(`${TEST_APP_URL}/verify-email?token=`)).toBe(true);
      expect(mails[0]?.html).toContain(link);
    });

    it('does not store the verification token itself', async () => {
      const fields = signupFields();
      await signUp(t, fields);
      const token = new URL(await verificationLink(t, fields.email)).searchParams.get('token');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await t.database.db.select().from(emailTokens);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.token === token)).toBe(false);
    });

    it('does not sign the new user in before the e-mail is verified', async () => {
      const fields = signupFields();
      const response = await signUp(t, fields);
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('an address that already has an account', () => {
    it('answers exactly as a new sign-up does and mails the owner instead', async () => {
      const existing = await signUpAndVerify(t, { firstName: 'First' });
      const fresh = await signUp(t, signupFields());

      for (const variant of [existing.email.toUpperCase(), ` ${existing.email} `]) {
        const response = await signUp(t, signupFields({ email: variant, firstName: 'Second' }));
        expect(response.statusCode).toBe(fresh.statusCode);
        expect(response.json()).toEqual(fresh.json());
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      const user = await findUser(t, existing.email);
      expect(user?.firstName).toBe('First');
      expect(await verifyPassword(user?.passwordHash, existing.password)).toBe(true);
      const mails = await mailsTo(t, existing.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Verify your email for Prizewheel',
        'Someone tried to sign up for Prizewheel with your address',
        'Someone tried to sign up for Prizewheel with your address',
      ]);
      expect(mails[1]?.text).toContain(`${TEST_APP_URL}/forgot-password`);
    });

    it('replaces a pending (unverified) sign-up: the newer password, names and link', async () => {
      const email = uniqueEmail('pending');
      const first = signupFields({ email, firstName: 'First', password: 'first-password' });
      const second = signupFields({ email, firstName: 'Second', password: 'second-password' });
      expect((await signUp(t, first)).statusCode).toBe(201);
      const firstLink = await verificationLink(t, email);
      expect((await signUp(t, second)).statusCode).toBe(201);
      const secondLink = await verificationLink(t, email);

      const user = await findUser(t, email);
      expect(user?.firstName).toBe('Second');
      expect(await verifyPassword(user?.passwordHash, second.password)).toBe(true);
      expect((await verifyWithLink(t, firstLink, second.password)).statusCode).toBe(400);
      expect((await verifyWithLink(t, secondLink, first.password)).statusCode).toBe(401);
      expect((await verifyWithLink(t, secondLink, second.password)).statusCode).toBe(200);
    });

    it('keeps one account when the same e-mail signs up several times at once', async () => {
      const email = uniqueEmail('race');
      const responses = await Promise.all([
        signUp(t, signupFields({ email })),
        signUp(t, signupFields({ email: email.toUpperCase() })),
        signUp(t, signupFields({ email })),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      const rows = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      expect(rows).toHaveLength(1);
    });
  });

  describe('ADMIN_EMAILS', () => {
    it('makes a listed e-mail an admin once its mailbox is proven', async () => {
      const fields = signupFields({ email: 'boss@x.com' });
      expect((await signUp(t, fields)).statusCode).toBe(201);
      expect((await findUser(t, fields.email))?.role).toBe('user');
      const verified = await verifyWithLink(
        t,
        await verificationLink(t, fields.email),
        fields.password,
      );
      expect(verified.json().user).toMatchObject({ email: 'boss@x.com', role: 'admin' });
      const cookie = await logInCookie(t, fields);
      expect((await currentUser(t, cookie)).json()).toMatchObject({
        email: 'boss@x.com',
        role: 'admin',
      });
    });

    it('matches listed e-mails in any letter case', async () => {
      const fields = await signUpAndVerify(t, { email: 'CHIEF@example.ORG' });
      expect((await findUser(t, fields.email))?.role).toBe('admin');
    });

    it('gives every other account the role user, however it is named', async () => {
      for (const email of [uniqueEmail('admin'), 'boss@x.com.evil.example', 'xboss@x.com']) {
        await signUpAndVerify(t, { email });
        expect((await findUser(t, email))?.role).toBe('user');
      }
    });

    it('ignores a role sent by the client', async () => {
      const fields = {
        ...signupFields(),
        role: 'admin',
        isActive: false,
        emailVerifiedAt: '2020-01-01',
      };
      expect((await signUp(t, fields)).statusCode).toBe(201);
      expect(await findUser(t, fields.email)).toMatchObject({
        role: 'user',
        isActive: true,
        emailVerifiedAt: null,
      });
    });
  });
});
