import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, users } from '#server/db/schema.ts';
import {
  logIn,
  logInCookie,
  sessionSetCookie,
  signUp,
  signupFields,
  signUpAndVerify,
} from '#server/testing/auth-helpers.ts';
import {
  CLIENT_ASSET,
  makeClientBuild,
  SECRET_BESIDE_BUILD,
} from '#server/testing/client-build.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import { expectSafeAnswer } from './hostile-values.ts';
import { createAppWithRoutes, isUnsafe, pathOf, validBody } from './route-table.ts';

/**
 * Headers, cookies and the Origin check (docs/product.md#security-and-fairness, decision 003)
 * over every kind of answer and every unsafe route. auth/security.test.ts already covers the
 * Origin rules in detail on the account routes and the Secure flag behind a trusted proxy; this
 * adds what spans the whole app.
 */

const CROSS_SITE = 'Forbidden: cross-site request refused.';
const EVIL = 'https://evil.example';

// Built at collection time: the routes name the tests.
const { t, routes } = await createAppWithRoutes({ clientDir: makeClientBuild() });
afterAll(() => t.close());

function cspDirectives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, where: string) {
  const csp = cspDirectives(response);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  // No inline script of any kind: neither <script> blocks nor onerror= attributes run.
  expect(csp.get('script-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), where).toEqual(["'none'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['x-frame-options'], where).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(response.headers['referrer-policy'], where).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(response.headers['x-powered-by'], where).toBeUndefined();
}

describe('security headers', () => {
  let owner: SeededUser;
  let contestId: string;
  beforeAll(async () => {
    owner = await seedUser(t);
    contestId = (await seedContest(t.database, owner)).id;
  });

  const answers: [label: string, status: number, send: () => Promise<LightMyRequestResponse>][] = [
    [
      'the entry page (HTML)',
      200,
      () => request(t, undefined, { method: 'GET', url: `/c/${contestId}` }),
    ],
    ['a client route (HTML)', 200, () => request(t, owner, { method: 'GET', url: '/dashboard' })],
    [
      'the entry page of a missing contest (HTML)',
      404,
      () =>
        request(t, undefined, { method: 'GET', url: '/c/00000000-0000-0000-0000-000000000000' }),
    ],
    ['a static asset', 200, () => request(t, undefined, { method: 'GET', url: CLIENT_ASSET })],
    [
      'an API answer',
      200,
      () => request(t, undefined, { method: 'GET', url: `/api/contests/${contestId}` }),
    ],
    [
      'the CSV export',
      200,
      () => request(t, owner, { method: 'GET', url: `/api/contests/${contestId}/entries/export` }),
    ],
    ['a redirect', 302, () => request(t, undefined, { method: 'GET', url: '/api/login' })],
    ['a 401', 401, () => request(t, undefined, { method: 'GET', url: '/api/auth/user' })],
    [
      'a 400',
      400,
      () => request(t, undefined, { method: 'POST', url: '/api/auth/login', payload: {} }),
    ],
    ['an API 404', 404, () => request(t, undefined, { method: 'GET', url: '/api/nope' })],
    [
      'a 413',
      413,
      () =>
        request(t, undefined, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a'.repeat(300 * 1024) },
        }),
    ],
    [
      'a 415',
      415,
      () =>
        request(t, undefined, {
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        }),
    ],
    [
      'a cross-site 403',
      403,
      () =>
        request(t, owner, {
          method: 'DELETE',
          url: `/api/contests/${contestId}`,
          headers: { origin: EVIL },
        }),
    ],
  ];

  it.each(answers)('are sent with %s', async (label, status, send) => {
    const response = await send();
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
    expectSecurityHeaders(response, label);
  });

  it.each([
    ['bad percent-encoding', '/api/contests/%ZZ<script>', 'BAD_REQUEST'],
    [
      'an id past the router’s length limit',
      `/api/contests/${'x'.repeat(300)}<script>`,
      'URI_TOO_LONG',
    ],
  ])(
    'guard URLs the router refuses itself (%s): {message, code}, nosniff, no echo',
    async (_label, url, code) => {
      const response = await request(t, undefined, { method: 'GET', url });
      expectSafeAnswer(response, url.slice(0, 40), { refused: true });
      expect(Object.keys(response.json() as object)).toEqual(['message', 'code']);
      expect((response.json() as { code: string }).code).toBe(code);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).not.toContain('script');
    },
  );

  it.each([
    '/..%2Fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%5C..%5Csecret.txt',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/assets/....//....//secret.txt',
  ])('serve no file from outside the client build for %s', async (url) => {
    const response = await request(t, undefined, { method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain(SECRET_BESIDE_BUILD);
    expect(response.body).not.toMatch(/root:.*:0:0:/);
  });
});

describe('session cookie flags', () => {
  const attributes = (response: LightMyRequestResponse) =>
    (sessionSetCookie(response) ?? '').split(';').map((part) => part.trim().toLowerCase());

  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure on a plain-http APP_URL', async () => {
    const member = await signUpAndVerify(t);
    const response = await logIn(t, member);
    expect(response.statusCode).toBe(200);
    expect(attributes(response)).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
    );
    expect(attributes(response)).not.toContain('secure');
  });

  it('ignores X-Forwarded-Proto from anyone while TRUST_PROXY is off', async () => {
    const member = await signUpAndVerify(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: member.email, password: member.password },
    });
    expect(response.statusCode).toBe(200);
    expect(attributes(response)).not.toContain('secure');
  });

  it('is cleared at sign-out on the same path', async () => {
    const cookie = await logInCookie(t, await signUpAndVerify(t));
    const response = await request(t, undefined, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(sessionSetCookie(response)).toMatch(/^pw_session=;/);
    expect(attributes(response)).toContain('path=/');
  });

  describe('with an https APP_URL', () => {
    let https: TestApp;
    beforeAll(async () => {
      https = await createTestApp({ env: { APP_URL: 'https://giveaways.example' } });
    });
    afterAll(() => https.close());

    it('is Secure even when the proxy in front is not trusted', async () => {
      const fields = signupFields();
      expect((await signUp(https, fields)).statusCode).toBe(201);
      // The mail's link points at the https host, which inject cannot follow: an admin verifies.
      const verify = await request(https, await seedUser(https, 'admin'), {
        method: 'POST',
        url: '/api/admin/verify-email-direct',
        payload: { email: fields.email },
      });
      expect(verify.statusCode).toBe(200);
      const response = await logIn(https, fields);
      expect(response.statusCode).toBe(200);
      expect(attributes(response)).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
    });
  });
});

type Headers = Record<string, string>;
const foreign: Headers[] = [{ origin: EVIL }, { referer: `${EVIL}/page` }];
const ownOrNone: Headers[] = [
  { origin: TEST_APP_URL },
  { referer: `${TEST_APP_URL}/dashboard` },
  {},
];

describe('the Origin check on every unsafe route', () => {
  /** What a refused request must not have changed. */
  async function snapshot(userId: string, contestId: string) {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const [contest] = await db.select().from(contests).where(eq(contests.id, contestId));
    const totals = await Promise.all(
      [users, contests, contestEntries].map((table) => db.select({ value: count() }).from(table)),
    );
    return { user, contest, totals };
  }

  it.each(routes.filter(isUnsafe))('$method $url', async (route) => {
    const admin = await seedUser(t, 'admin');
    const owner = await seedUser(t);
    const ids = { userId: owner.id, contestId: (await seedContest(t.database, owner)).id };
    const send = (headers: Headers) =>
      request(t, admin, {
        method: route.method,
        url: pathOf(route, ids),
        payload: validBody(),
        headers,
      });

    const before = await snapshot(ids.userId, ids.contestId);
    for (const headers of foreign) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE, code: 'FORBIDDEN' });
    }
    expect(await snapshot(ids.userId, ids.contestId)).toEqual(before);

    // The app's own pages, and clients that are not browsers, pass the check.
    for (const headers of ownOrNone) {
      const response = await send(headers);
      expect(response.statusCode, `${JSON.stringify(headers)}: ${response.body}`).not.toBe(403);
    }
  });
});
