import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contests } from '#server/db/schema.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { imageForm, phonePhoto } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';

/**
 * A shared link shows a picture (docs/product.md#contest-images): the entry page's link preview
 * tags name the cover's 1200x630 crop, or a card made of the title and prize, large.
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

  it('shows a card of the title and prize while the contest has no cover', async () => {
    const contest = await seedContest(t.database, owner, { title: 'Card & Co' });
    const html = await entryPage(contest.id);
    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(
      new RegExp(`^${TEST_APP_URL}/c/${contest.id}/share-card/[\\w-]{22}\\.png$`),
    );
    expect(metaOf(html, 'og:image:type')).toBe('image/png');
    expect(metaOf(html, 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'og:image:height')).toBe('630');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

    const path = image.slice(TEST_APP_URL.length);
    const card = await request(t, undefined, { method: 'GET', url: path });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(card.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    // Its words are drawn (white on purple): a machine without the font would leave it blank.
    const titleArea = await sharp(card.rawPayload)
      .extract({ left: 110, top: 190, width: 600, height: 70 })
      .stats();
    expect(titleArea.channels[1]!.max).toBeGreaterThan(200);

    // A new title is a new card; the old address leads to it.
    await t.database.db
      .update(contests)
      .set({ title: 'Card & Co, renamed' })
      .where(eq(contests.id, contest.id));
    const moved = await request(t, undefined, { method: 'GET', url: path });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toMatch(/\/share-card\/[\w-]{22}\.png$/);
    expect(moved.headers.location).not.toBe(path);
    expect(metaOf(await entryPage(contest.id), 'og:image')).toBe(
      `${TEST_APP_URL}${moved.headers.location as string}`,
    );
  });

  it('has no card for a draft, an unknown contest or a malformed address', async () => {
    const draft = await seedContest(t.database, owner, { publishedAt: null });
    for (const url of [
      `/c/${draft.id}/share-card/x.png`,
      '/c/0190b3d4-7d7d-7e59-8e6b-2090f7ad3ead/share-card/x.png',
      '/c/not-an-id/share-card/x.png',
    ]) {
      expect((await request(t, undefined, { method: 'GET', url })).statusCode, url).toBe(404);
    }
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
