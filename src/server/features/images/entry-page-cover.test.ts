import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { imageForm, phonePhoto } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * The cover is the entry page's hero (docs/product.md#contest-images), in the server's HTML: a
 * <picture> that sizes itself before the photo arrives and a preload of the same files from the
 * head, so the largest paint waits for neither the script nor the style sheet.
 */
describe('the cover on the entry page', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  async function entryPage(contestId: string) {
    const response = await request(t, undefined, { method: 'GET', url: `/c/${contestId}` });
    expect(response.statusCode).toBe(200);
    return response.body;
  }

  const attribute = (tag: string, name: string) =>
    tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

  it('shows no picture and preloads nothing without a cover', async () => {
    const contest = await seedContest(t.database, owner);
    const html = await entryPage(contest.id);
    expect(html).not.toContain('<picture');
    expect(html).not.toContain('rel="preload"');
  });

  it('shows the cover in AVIF and WebP at three widths, sized, above the fold', async () => {
    const contest = await seedContest(t.database, owner, { prizeDetails: 'A bike & a helmet' });
    const upload = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/images`,
      ...imageForm('cover', await phonePhoto({ width: 2000, height: 1500 })),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const html = await entryPage(contest.id);

    const picture = html.match(/<picture>(.*?)<\/picture>/s)?.[1];
    expect(picture, html).toBeDefined();
    const sources = [...picture!.matchAll(/<source[^>]*>/g)].map(([tag]) => ({
      type: attribute(tag, 'type'),
      widths: attribute(tag, 'srcSet')
        ?.split(',')
        .map((candidate) => candidate.match(/^\/media\/[0-9a-f]{64}\.(\w+) (\d+)w$/)?.slice(1)),
      sizes: attribute(tag, 'sizes'),
    }));
    expect(sources).toEqual(
      ['avif', 'webp'].map((format) => ({
        type: `image/${format}`,
        widths: ['640', '1080', '1600'].map((width) => [format, width]),
        sizes: '(min-width:544px) 512px,calc(100vw - 32px)',
      })),
    );
    const img = picture!.match(/<img[^>]*>/)![0];
    expect(attribute(img, 'src')).toBe(upload.json<{ url: string }>().url);
    expect(attribute(img, 'width')).toBe('2000');
    expect(attribute(img, 'height')).toBe('1500');
    expect(attribute(img, 'alt')).toBe('A bike &amp; a helmet');
    expect(attribute(img, 'fetchPriority')).toBe('high');
    expect(img).not.toContain('loading=');

    // The head asks for the very AVIF files the <picture> names, before the page's script.
    const preload = html.match(/<link rel="preload" as="image"[^>]*>/)?.[0];
    expect(preload, html).toBeDefined();
    expect(attribute(preload!, 'type')).toBe('image/avif');
    expect(attribute(preload!, 'imagesrcset')).toBe(attribute(picture!, 'srcSet'));
    expect(attribute(preload!, 'imagesizes')).toBe(sources[0]!.sizes);
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<script'));
  });
});
