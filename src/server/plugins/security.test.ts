import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '#server/db/schema.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';

const CROSS_SITE = { message: 'Forbidden: cross-site request refused.', code: 'FORBIDDEN' };
const EVIL = 'http://evil.example';

/**
 * The Origin check trusts APP_URL and ALLOWED_ORIGINS only, never the Host the request names
 * (docs/decisions/003-origin-check.md): Host is whatever the sender wrote.
 */
describe('the Origin check against a forged Host', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    // Behind a trusted proxy X-Forwarded-Host names the host too.
    t = await createTestApp({
      env: { TRUST_PROXY: 'on', ALLOWED_ORIGINS: 'https://www.giveaways.example' },
    });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const contestCount = async () =>
    (await t.database.db.select({ value: count() }).from(contests))[0]!.value;
  const createContest = (headers: Record<string, string>) =>
    request(t, owner, { method: 'POST', url: '/api/contests', payload: contestBody(), headers });

  it.each([
    ['Host', { host: 'evil.example', origin: EVIL }],
    ['Host, with a Referer', { host: 'evil.example', referer: `${EVIL}/page` }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', origin: EVIL }],
    [
      'X-Forwarded-Host and -Proto',
      {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        origin: 'https://evil.example',
      },
    ],
  ])('refuses a signed-in POST whose Origin matches only the forged %s', async (_case, headers) => {
    const before = await contestCount();
    const response = await createContest(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CROSS_SITE);
    expect(await contestCount()).toBe(before);
  });

  it('accepts APP_URL’s origin whatever the Host', async () => {
    const response = await createContest({ host: 'internal-name:5000', origin: TEST_APP_URL });
    expect(response.statusCode).toBe(201);
  });

  it('accepts an origin ALLOWED_ORIGINS lists, and no look-alike of it', async () => {
    const listed = await createContest({ origin: 'https://www.giveaways.example' });
    expect(listed.statusCode).toBe(201);
    for (const origin of [
      'http://www.giveaways.example',
      'https://giveaways.example',
      'https://www.giveaways.example.evil.example',
      'https://www.giveaways.example:8443',
    ]) {
      const response = await createContest({ origin });
      expect(response.statusCode, origin).toBe(403);
    }
  });
});
