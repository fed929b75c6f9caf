import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify, type SignupFields } from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

describe('rate limits on the account endpoints (RATE_LIMIT=on)', () => {
  let t: TestApp;
  let member: SignupFields;
  let bystander: SignupFields;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    // Signed up from the default inject address (127.0.0.1); the tests below use other ones.
    member = await signUpAndVerify(t);
    bystander = await signUpAndVerify(t);
  });
  afterAll(() => t.close());

  const login = (remoteAddress: string, password: string, account = member) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password },
      remoteAddress,
    });

  it('answers 429 with a {message} once password guessing from one address goes on', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof login>> | undefined;
    for (let attempt = 0; attempt < 30 && !limited; attempt += 1) {
      const response = await login('203.0.113.7', `guess-${attempt}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(limited).toBeDefined();
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(limited?.headers['content-type']).toMatch(/^application\/json/);
    const body = limited?.json();
    expect(Object.keys(body)).toEqual(['message', 'code']);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Too many attempts\. Please try again in /);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);

    // Still limited, even with the right password.
    const right = await login('203.0.113.7', member.password);
    expect(right.statusCode).toBe(429);
  });

  it('counts each client address separately', async () => {
    // (The account under attack is locked for that network only: see account-lockout.test.ts.)
    const response = await login('198.51.100.23', bystander.password, bystander);
    expect(response.statusCode).toBe(200);
  });

  it('limits the other mail-sending and guessing endpoints too', async () => {
    for (const url of ['/api/auth/forgot-password', '/api/auth/signup', '/api/auth/manual-reset']) {
      let status = 0;
      for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { email: 'nobody@example.com' },
          remoteAddress: '192.0.2.99',
        });
        status = response.statusCode;
        expect(status).toBeLessThan(500);
      }
      expect(status, url).toBe(429);
    }
  });
});
