import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  logIn,
  signUpAndVerify,
  uniqueEmail,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * Password guessing through forged headers and many addresses. The app sits behind one proxy
 * (TRUST_PROXY=1) that appends the address it saw to X-Forwarded-For; everything to the left of
 * it was written by the client.
 */
describe('limits behind a proxy that a forged X-Forwarded-For cannot bypass', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  /** A sign-in as it reaches the app through the proxy, from `realAddress`. */
  const loginVia = (realAddress: string, forged: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.0.0.2', // the proxy
      headers: { 'x-forwarded-for': `${forged}, ${realAddress}` },
    });

  async function statusesOf(attempts: Array<() => ReturnType<typeof loginVia>>) {
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await attempt()).statusCode);
    return statuses;
  }

  const forgedAddress = (index: number) => `192.0.2.${index + 1}`;

  it('limits one client by the address the proxy saw, whatever it forges', async () => {
    const victim = await signUpAndVerify(t);
    const statuses = await statusesOf(
      Array.from(
        { length: 50 },
        (_, index) => () =>
          loginVia('203.0.113.50', forgedAddress(index), victim.email, `guess-${index}`),
      ),
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
  });

  it('limits failed sign-ins per account, from any number of addresses', async () => {
    const victim = await signUpAndVerify(t);
    const statuses = await statusesOf(
      Array.from(
        { length: 110 },
        (_, index) => () =>
          loginVia(`198.51.100.${index + 1}`, forgedAddress(index), victim.email, `guess-${index}`),
      ),
    );
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(401));
    expect(statuses.slice(100)).toEqual(Array(10).fill(429));

    // Locked for the rest of the hour, even with the right password from a fresh address, for
    // every browser but the owner's known ones (account-lockout.test.ts).
    const right = await loginVia('198.51.100.200', '', victim.email, victim.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');
    expect(right.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('limits one address trying many accounts', async () => {
    const accounts = Array.from({ length: 50 }, () => uniqueEmail('target'));
    const statuses = await statusesOf(
      accounts.map(
        (email, index) => () => loginVia('203.0.113.77', forgedAddress(index), email, 'guess'),
      ),
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
  });

  it('forgets the failures of an account once its owner signs in', async () => {
    const owner = await signUpAndVerify(t);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const wrong = await loginVia(`198.51.101.${attempt + 1}`, '', owner.email, 'wrong');
      expect(wrong.statusCode).toBe(401);
    }
    expect((await loginVia('198.51.101.100', '', owner.email, owner.password)).statusCode).toBe(
      200,
    );
    const after = await loginVia('198.51.101.101', '', owner.email, 'wrong again');
    expect(after.statusCode).toBe(401);
  });

  it.each([
    ['/api/auth/forgot-password', 'a reset link'],
    ['/api/auth/request-reset-token', 'a reset token'],
    ['/api/auth/resend-verification', 'a verification mail'],
  ])('sends %s (%s) to one address at most 3 times an hour, known or not', async (url) => {
    const known = await signUpAndVerify(t);
    const unknown = uniqueEmail('ghost');
    for (const email of [known.email, unknown]) {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { email },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `198.51.102.${index + 1}` },
        });
        statuses.push(response.statusCode);
      }
      // Sign-up's verification mail counts too; no answer differs for a known address.
      const allowed = url === '/api/auth/resend-verification' && email === known.email ? 2 : 3;
      expect(statuses, email).toEqual([
        ...Array(allowed).fill(200),
        ...Array(5 - allowed).fill(429),
      ]);
    }
  });
});

describe('TRUST_PROXY=on', () => {
  let t: TestApp;
  let member: SignupFields;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: 'on' } });
    member = await signUpAndVerify(t);
  });
  afterAll(() => t.close());

  it('trusts one hop: the client is the address the proxy appended, not the left-most', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '192.0.2.66, 203.0.113.9' },
    });
    expect(response.statusCode).toBe(401);
    const statuses: number[] = [];
    for (let index = 0; index < 14; index += 1) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'guess' },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `192.0.2.${index + 1}, 203.0.113.9` },
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect((await logIn(t, member)).statusCode).toBe(200);
  });
});
