import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findUser,
  latestMailTo,
  linkIn,
  logIn,
  requestPasswordReset,
  resetLink,
  signUp,
  signupFields,
  tokenOfLink,
  verificationLink,
  verifyWithLink,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * An attacker signs up first with an address they do not own (one listed in ADMIN_EMAILS) and
 * their own password A, then waits for the address's owner to complete the account.
 */
describe('no account takeover through an unverified sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com,chief@example.com' } });
  });
  afterAll(() => t.close());

  const ATTACKER_PASSWORD = 'attacker-password-A';
  const OWNER_PASSWORD = 'owner-password-B';

  async function squat(email: string) {
    const attacker = signupFields({ email, firstName: 'Mallory', password: ATTACKER_PASSWORD });
    expect((await signUp(t, attacker)).statusCode).toBe(201);
    return attacker;
  }

  async function expectAttackerLockedOut(email: string) {
    const attempt = await logIn(t, { email, password: ATTACKER_PASSWORD });
    expect([401, 403]).toContain(attempt.statusCode);
    expect(attempt.headers['set-cookie']).toBeUndefined();
  }

  it('the owner opening the squatter link does not complete the account', async () => {
    await squat('boss@example.com');
    const link = await verificationLink(t, 'boss@example.com');

    // The owner does not know A: the link alone verifies nothing.
    const click = await verifyWithLink(t, link, OWNER_PASSWORD);
    expect(click.statusCode).toBe(401);
    const user = await findUser(t, 'boss@example.com');
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.role).toBe('user');
    await expectAttackerLockedOut('boss@example.com');

    // The owner signs up too: their sign-up replaces the squatter's, and its link is theirs.
    const owner = signupFields({ email: 'boss@example.com', password: OWNER_PASSWORD });
    expect((await signUp(t, owner)).statusCode).toBe(201);
    // The replacement runs after the answer (decision 011); the old link is dead once it has.
    await t.app.backgroundTasks.idle();
    expect((await verifyWithLink(t, link, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await verifyWithLink(t, link, OWNER_PASSWORD)).statusCode).toBe(400);
    const ownerLink = await verificationLink(t, 'boss@example.com');
    expect((await verifyWithLink(t, ownerLink, ATTACKER_PASSWORD)).statusCode).toBe(401);
    const verified = await verifyWithLink(t, ownerLink, OWNER_PASSWORD);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.role).toBe('admin');

    await expectAttackerLockedOut('boss@example.com');
    expect((await logIn(t, owner)).statusCode).toBe(200);

    // Signing up again over the verified account changes nothing but a mail to its owner.
    await squat('boss@example.com');
    await expectAttackerLockedOut('boss@example.com');
    expect((await latestMailTo(t, 'boss@example.com')).subject).toBe(
      'Someone tried to sign up for Prizewheel with your address',
    );
    expect((await logIn(t, owner)).statusCode).toBe(200);
  });

  it('an owner who resets the password instead takes the account, and A stops working', async () => {
    await squat('chief@example.com');
    expect((await requestPasswordReset(t, 'chief@example.com')).statusCode).toBe(200);
    const token = tokenOfLink(await resetLink(t, 'chief@example.com'));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect(await findUser(t, 'chief@example.com')).toMatchObject({ role: 'admin' });

    await expectAttackerLockedOut('chief@example.com');
    const owner = await logIn(t, { email: 'chief@example.com', password: OWNER_PASSWORD });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.role).toBe('admin');
  });

  it('a squatter who signs up again after the owner cannot use the owner link', async () => {
    const email = 'squatted@example.com';
    const owner = signupFields({ email, password: OWNER_PASSWORD });
    expect((await signUp(t, owner)).statusCode).toBe(201);
    const ownerLink = await verificationLink(t, email);
    await squat(email);
    const squatterMail = await latestMailTo(t, email);

    // The owner's link was retired by the newer sign-up; the newer link needs A.
    expect((await verifyWithLink(t, ownerLink, ATTACKER_PASSWORD)).statusCode).toBe(400);
    expect((await verifyWithLink(t, ownerLink, OWNER_PASSWORD)).statusCode).toBe(401);
    const squatterLink = linkIn(squatterMail.text, '/verify-email');
    expect((await verifyWithLink(t, squatterLink, OWNER_PASSWORD)).statusCode).toBe(401);
    await expectAttackerLockedOut(email);
    expect((await findUser(t, email))?.emailVerifiedAt).toBeNull();
  });
});
