import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUser,
  logInCookie,
  sessionSetCookie,
  signUpAndVerify,
  uniqueEmail,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';

const CROSS_SITE = 'Forbidden: cross-site request refused.';

/** Runs behind a (simulated) TLS-terminating load balancer: TRUST_PROXY=on. */
describe('request security', () => {
  let t: TestApp;
  let member: SignupFields;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'on' } });
    member = await signUpAndVerify(t);
  });
  afterAll(() => t.close());

  const login = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
      headers,
    });

  describe('Origin and Referer check on unsafe requests', () => {
    it('refuses a POST from another origin with 403 before doing anything', async () => {
      const email = uniqueEmail('csrf');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin: 'http://evil.example' },
        payload: { email, password: 'password123', firstName: 'Eve', lastName: 'Evil' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'password123', firstName: 'Eve', lastName: 'Evil' },
      });
      expect(again.statusCode).toBe(201); // the refused request created nothing
    });

    it('refuses a cross-site sign-in and sets no cookie', async () => {
      const response = await login({ origin: 'http://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a cross-site logout and keeps the session', async () => {
      const cookie = await logInCookie(t, member);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect((await currentUser(t, cookie)).statusCode).toBe(200);
    });

    it.each([
      ['a look-alike host', 'http://localhost:5000.evil.example'],
      ['another port', 'http://localhost:5001'],
      ['another scheme', 'https://localhost:5000'],
      ['the opaque origin "null"', 'null'],
      ['a sub-domain', 'http://evil.localhost:5000'],
    ])('refuses %s as Origin', async (_case, origin) => {
      const response = await login({ origin });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
    });

    it('accepts the app’s own origin (APP_URL)', async () => {
      const response = await login({ origin: TEST_APP_URL });
      expect(response.statusCode).toBe(200);
    });

    it('accepts a request without Origin or Referer (not a browser)', async () => {
      expect((await login()).statusCode).toBe(200);
    });

    it('accepts a Referer on the app’s own origin', async () => {
      const response = await login({ referer: `${TEST_APP_URL}/login?next=%2F` });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['another site', 'http://evil.example/login'],
      ['a look-alike host', 'http://localhost:5000.evil.example/'],
      ['something that is not a URL', 'not a url'],
    ])('refuses a Referer from %s with 403', async (_case, referer) => {
      const response = await login({ referer });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
    });

    it('judges by Origin when both are sent', async () => {
      const response = await login({ origin: 'http://evil.example', referer: `${TEST_APP_URL}/` });
      expect(response.statusCode).toBe(403);
    });

    it('leaves safe methods alone', async () => {
      const cookie = await logInCookie(t, member);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie, origin: 'http://evil.example' },
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      '/api/auth/signup',
      '/api/auth/resend-verification',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/request-reset-token',
      '/api/auth/reset-password',
      '/api/auth/manual-reset',
    ])('applies to POST %s', async (url) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://evil.example' },
        payload: { email: member.email },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
    });
  });

  describe('session cookie behind a TLS-terminating proxy', () => {
    it('is Secure when the proxy says the request came over https', async () => {
      const response = await login({ 'x-forwarded-proto': 'https' });
      expect(response.statusCode).toBe(200);
      const attributes = (sessionSetCookie(response) ?? '').split(';').map((part) => part.trim());
      expect(attributes).toEqual(
        expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']),
      );
    });

    it('is not Secure when the proxy says plain http', async () => {
      const response = await login({ 'x-forwarded-proto': 'http' });
      expect(response.statusCode).toBe(200);
      expect(sessionSetCookie(response)).not.toMatch(/;\s*Secure/i);
    });
  });

  describe('security headers and error bodies', () => {
    it('sends protective headers on API answers', async () => {
      const response = await currentUser(t);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('answers an unknown API path with 404 JSON', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/nope', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'Not found: POST /api/auth/nope',
        code: 'NOT_FOUND',
      });
    });

    it('does not echo the password or stack traces in error answers', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: 'a-secret-guess' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('a-secret-guess');
      expect(response.body).not.toMatch(/\bat .*\.ts:\d+/);
    });
  });
});
