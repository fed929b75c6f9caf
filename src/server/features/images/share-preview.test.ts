import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { imageForm, phonePhoto } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';

/**
 * A shared link shows the prize photo (docs/product.md#contest-images): the entry page's link
 * preview tags name the cover's 1200x630 crop by its absolute address, large.
 */
describe('the entry page in link previews', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const metaOf = (html: string, key: string) =>
    html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

  async function entryPage(contestId: string) {
    const response = await request(t, undefined, { method: 'GET', url: `/c/${contestId}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  it('shows no picture while the contest has no cover', async () => {
    const contest = await seedContest(t.database, owner);
    const html = await entryPage(contest.id);
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(metaOf(html, 'twitter:card')).toBe('summary');
  });

  it('shows the cover’s 1200x630 crop, large, once the owner has uploaded one', async () => {
    const contest = await seedContest(t.database, owner, { title: 'Cover & Co' });
    const upload = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/images`,
      ...imageForm('cover', await phonePhoto({ width: 2000, height: 1500 })),
    });
    expect(upload.statusCode, upload.body).toBe(201);

    const html = await entryPage(contest.id);
    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`^${TEST_APP_URL}/media/[0-9a-f]{64}\\.jpg$`));
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'og:image:type')).toBe('image/jpeg');
    expect(metaOf(html, 'og:image:alt')).toBe('Cover &amp; Co');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(image);

    const served = await request(t, undefined, {
      method: 'GET',
      url: image.slice(TEST_APP_URL.length),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({
      width: 1200,
      height: 630,
    });
  });
});
