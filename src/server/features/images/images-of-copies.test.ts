import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageForm, phonePhoto } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { ContestImages } from '#shared/contracts/contest-images.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { sweepUnusedMedia } from './service.ts';

/**
 * A copy of a contest names the same stored files as the original
 * (docs/product.md#duplicate-a-contest): they stay while either contest names them.
 */
describe('the images of a duplicated contest', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  async function call(method: string, url: string, extra = {}) {
    const response = await request(t, owner, { method, url, ...extra });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }

  const statusesOf = (image: ContestImages['cover']) =>
    Promise.all(
      image!.renditions.map(
        async ({ url }) => (await request(t, undefined, { method: 'GET', url })).statusCode,
      ),
    );
  const served = (image: ContestImages['cover']) => image!.renditions.map(() => 200);

  it('keeps the copy’s files when the original’s image goes, then the original, then the sweep', async () => {
    const original = await seedContest(t.database, owner);
    const photo = await phonePhoto({ width: 700, height: 500 }, 1, '#2a9d8f');
    const logo = await phonePhoto({ width: 300, height: 300 }, 1, '#e76f51');
    await call('POST', `/api/contests/${original.id}/images`, imageForm('cover', photo));
    await call('POST', `/api/contests/${original.id}/images`, imageForm('logo', logo));
    const before = (await call('GET', `/api/contests/${original.id}`)).json<OwnerContest>();
    const copy = (
      await call('POST', `/api/contests/${original.id}/duplicate`)
    ).json<OwnerContest>();
    expect(copy.images).toEqual(before.images);
    expect(copy.images.cover).not.toBeNull();
    expect(copy.images.logo).not.toBeNull();

    await call('DELETE', `/api/contests/${original.id}/images/cover`);
    expect(await statusesOf(copy.images.cover)).toEqual(served(copy.images.cover));

    await call('DELETE', `/api/contests/${original.id}`);
    await sweepUnusedMedia(t.database);
    expect(await statusesOf(copy.images.cover)).toEqual(served(copy.images.cover));
    expect(await statusesOf(copy.images.logo)).toEqual(served(copy.images.logo));

    // Once no contest names them, they go.
    await call('DELETE', `/api/contests/${copy.id}/images/cover`);
    await call('DELETE', `/api/contests/${copy.id}`);
    await sweepUnusedMedia(t.database);
    expect(await statusesOf(copy.images.cover)).toEqual(
      copy.images.cover!.renditions.map(() => 404),
    );
    expect(await statusesOf(copy.images.logo)).toEqual(copy.images.logo!.renditions.map(() => 404));
  });
});
