import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatPicture } from '#server/testing/images.ts';
import { request, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { multipartForm } from '#server/testing/uploads.ts';
import type { AccountBrand } from '#shared/contracts/brand.ts';
import { sweepUnusedMedia } from './service.ts';

/**
 * The account's logo names its files as a contest's images do (docs/product.md#the-owners-brand):
 * the sweep of unused files keeps them while the account has the logo, and not after.
 */
describe("the account logo's files", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const served = async (url: string) =>
    (await request(t, undefined, { method: 'GET', url })).statusCode;

  it('survive the sweep while the account has the logo', async () => {
    const owner = await seedUser(t);
    const uploaded = await request(t, owner, {
      method: 'POST',
      url: '/api/account/brand/logo',
      ...multipartForm([
        {
          field: 'file',
          content: await flatPicture({ width: 200, height: 200 }, 'webp'),
          filename: 'logo.webp',
          type: 'image/webp',
        },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const brand = await request(t, owner, { method: 'GET', url: '/api/account/brand' });
    const { url } = brand.json<AccountBrand>().logo!;

    await sweepUnusedMedia(t.database);
    expect(await served(url)).toBe(200);

    const deleted = await request(t, owner, { method: 'DELETE', url: '/api/account/brand/logo' });
    expect(deleted.statusCode).toBe(204);
    await sweepUnusedMedia(t.database);
    expect(await served(url)).toBe(404);
  });
});
