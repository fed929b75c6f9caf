import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUpAndVerify } from '#server/testing/auth-helpers.ts';
import { CLIENT_ASSET, makeClientBuild } from '#server/testing/client-build.ts';
import {
  contestBody,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

const PRIVATE = 'private, no-store';
const UNKNOWN_ID = '0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e0';

/**
 * An answer to a request that carries a session is that person's: no cache, shared or the
 * browser's own, may keep it (a shared computer's back button, a proxy that ignores cookies).
 */
describe('answers to a signed-in request are private and never stored', () => {
  let t: TestApp;
  let owner: SeededUser;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    admin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  const get = (as: SeededUser | undefined, url: string) => request(t, as, { method: 'GET', url });

  it.each([
    ['the signed-in user', '/api/auth/user', 200],
    ['the contest list', '/api/contests', 200],
    ['an unknown contest', `/api/contests/${UNKNOWN_ID}`, 404],
    ['an unknown API path', '/api/no-such-thing', 404],
    // Refused by the router itself, before any hook runs.
    ['a malformed URL', '/api/contests/%E0%A4%A', 400],
    ['the app’s page', '/dashboard', 200],
    ['the app’s page at /', '/', 200],
  ])('%s', async (_case, url, status) => {
    const response = await get(owner, url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  });

  it('a refusal: invalid input, and a cross-site request refused before the session is read', async () => {
    const invalid = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody({ title: '' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe(PRIVATE);
    const crossSite = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody(),
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['cache-control']).toBe(PRIVATE);
  });

  it('the sign-in that hands the session out', async () => {
    const member = await signUpAndVerify(t);
    const response = await logIn(t, member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  });

  it('an ended session’s cookie', async () => {
    const gone = await seedUser(t);
    await request(t, gone, { method: 'POST', url: '/api/auth/logout' });
    const response = await get(gone, '/api/contests');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  });

  it('the owner’s CSV export, and an admin answer, keep their own no-store', async () => {
    const contest = await seedContest(t.database, owner);
    const csv = await get(owner, `/api/contests/${contest.id}/entries/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toMatch(/\bno-store\b/);
    const users = await get(admin, '/api/admin/users');
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toMatch(/\bno-store\b/);
  });

  it('the contest’s public page, seen by its signed-in owner', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await get(owner, `/c/${contest.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PRIVATE);
  });

  describe('what stays cacheable', () => {
    it('a visitor’s entry page and landing page keep their own caching', async () => {
      const contest = await seedContest(t.database, owner);
      const page = await get(undefined, `/c/${contest.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      const landing = await get(undefined, '/');
      expect(landing.headers['cache-control']).toBe('no-cache');
      const api = await get(undefined, `/api/contests/${contest.id}`);
      expect(api.headers['cache-control']).toBeUndefined();
    });

    it('a hashed asset, the same bytes for everyone, even asked for with the session', async () => {
      const response = await get(owner, CLIENT_ASSET);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });
});
