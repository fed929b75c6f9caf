import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUser,
  findUser,
  logInCookie,
  requestPasswordReset,
  resetLink,
  signUpAndVerify,
  tokenOfLink,
} from '#server/testing/auth-helpers.ts';
import { request, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { setPassword } from './service.ts';

/**
 * A reset link mailed before a password was set another way (by an admin, or by the CLI, which
 * calls setPassword) would let whoever holds that mail undo the change.
 */
describe('a password set by an admin or the CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pendingResetTokens(email: string): Promise<string[]> {
    const tokens: string[] = [];
    for (let request = 0; request < 2; request += 1) {
      expect((await requestPasswordReset(t, email)).statusCode).toBe(200);
      tokens.push(tokenOfLink(await resetLink(t, email)));
    }
    return tokens;
  }

  const resetWith = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'stolen mailbox pass', confirmPassword: 'stolen mailbox pass' },
    });

  it.each([
    ['an admin (direct reset)', '/api/admin/reset-user-password'],
    ['an admin (database reset)', '/api/database/reset-password'],
  ])('retires every pending reset link and ends sessions: %s', async (_who, url) => {
    const account = await signUpAndVerify(t);
    const cookie = await logInCookie(t, account);
    const tokens = await pendingResetTokens(account.email);

    const admin = await seedUser(t, 'admin');
    const set = await request(t, admin, {
      method: 'POST',
      url,
      payload: { email: account.email, newPassword: 'set by the admin' },
    });
    expect(set.statusCode).toBe(200);

    for (const token of tokens) expect((await resetWith(token)).statusCode).toBe(400);
    expect((await currentUser(t, cookie)).statusCode).toBe(401);
  });

  it('retires every pending reset link and ends sessions: the CLI', async () => {
    const account = await signUpAndVerify(t);
    const cookie = await logInCookie(t, account);
    const tokens = await pendingResetTokens(account.email);

    const user = await findUser(t, account.email);
    await setPassword({ db: t.database.db }, user!.id, 'set by the operator');

    for (const token of tokens) expect((await resetWith(token)).statusCode).toBe(400);
    expect((await currentUser(t, cookie)).statusCode).toBe(401);
  });
});
