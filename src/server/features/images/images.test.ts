import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatPicture, formatOfBytes, imageForm, phonePhoto } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { multipartForm } from '#server/testing/uploads.ts';
import type { ContestImages, UploadedImage } from '#shared/contracts/contest-images.ts';
import type { OwnerContest, PublicContest } from '#shared/contracts/contests.ts';
import { sweepUnusedMedia } from './service.ts';

/**
 * A contest's cover and logo (docs/product.md#contest-images): the renditions made from an
 * upload, the files served under their hashes, replacing and deleting.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('contest images', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const upload = (contestId: string, kind: string, bytes: Buffer, as = owner) =>
    request(t, as, {
      method: 'POST',
      url: `/api/contests/${contestId}/images`,
      ...imageForm(kind, bytes),
    });

  async function uploaded(contestId: string, kind: string, bytes: Buffer) {
    const response = await upload(contestId, kind, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadedImage>();
  }

  async function imagesOf(contestId: string, as: SeededUser | undefined = owner) {
    const response = await request(t, as, { method: 'GET', url: `/api/contests/${contestId}` });
    expect(response.statusCode).toBe(200);
    return response.json<OwnerContest | PublicContest>().images;
  }

  const fetchFile = (url: string, headers: Record<string, string> = {}) =>
    request(t, undefined, { method: 'GET', url, headers });

  /** Every rendition as served: its headers' type, its bytes' format and its real size. */
  async function servedFiles(image: NonNullable<ContestImages['cover']>) {
    return Promise.all(
      image.renditions.map(async (file) => {
        const response = await fetchFile(file.url);
        expect(response.statusCode).toBe(200);
        const bytes = response.rawPayload;
        const metadata = await sharp(bytes).metadata();
        return {
          format: formatOfBytes(bytes),
          contentType: response.headers['content-type'],
          width: metadata.width,
          height: metadata.height,
          exif: metadata.exif,
          listed: file,
        };
      }),
    );
  }

  it('makes a cover: 640, 1080 and 1600 wide in WebP and AVIF, and a 1200x630 JPEG', async () => {
    const contest = await seedContest(t.database, owner);
    const answer = await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 2400, height: 1200 }),
    );
    expect(answer).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/),
      width: 2400,
      height: 1200,
    });

    const { cover, logo } = await imagesOf(contest.id);
    expect(logo).toBeNull();
    expect(cover).toMatchObject({ url: answer.url, width: 2400, height: 1200 });
    const files = await servedFiles(cover!);
    expect(
      files.map(({ format, contentType, width, height }) => [format, contentType, width, height]),
    ).toEqual([
      ['webp', 'image/webp', 640, 320],
      ['avif', 'image/avif', 640, 320],
      ['webp', 'image/webp', 1080, 540],
      ['avif', 'image/avif', 1080, 540],
      ['webp', 'image/webp', 1600, 800],
      ['avif', 'image/avif', 1600, 800],
      ['jpeg', 'image/jpeg', 1200, 630],
    ]);
    // Each listed size is the file's own; the answer's URL is the largest WebP.
    for (const file of files) {
      expect([file.listed.width, file.listed.height]).toEqual([file.width, file.height]);
    }
    expect(cover!.renditions.find((file) => file.purpose === 'share')?.format).toBe('jpeg');
    expect(cover!.renditions[4]!.url).toBe(answer.url);
  });

  it('strips every piece of metadata: a photo with GPS comes back without EXIF', async () => {
    const contest = await seedContest(t.database, owner);
    const photo = await phonePhoto({ width: 1200, height: 800 });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    await uploaded(contest.id, 'cover', photo);
    const files = await servedFiles((await imagesOf(contest.id)).cover!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.exif).toBeUndefined();
  });

  it('turns a photo as its EXIF orientation says, and never enlarges a narrow one', async () => {
    const contest = await seedContest(t.database, owner);
    // Stored 900x600 on its side (orientation 6): the picture is 600 wide and 900 high.
    const answer = await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 900, height: 600 }, 6),
    );
    expect([answer.width, answer.height]).toEqual([600, 900]);
    const files = await servedFiles((await imagesOf(contest.id)).cover!);
    expect(
      files.filter((file) => !file.listed.purpose).map((file) => [file.width, file.height]),
    ).toEqual([
      [600, 900],
      [600, 900],
    ]);
  });

  it('makes a logo: the middle square, 128 and 256, in WebP and AVIF, kept transparent, and a JPEG for mails', async () => {
    const contest = await seedContest(t.database, owner);
    const answer = await uploaded(
      contest.id,
      'logo',
      await flatPicture({ width: 600, height: 400 }),
    );
    expect([answer.width, answer.height]).toEqual([600, 400]);
    const { logo, cover } = await imagesOf(contest.id);
    expect(cover).toBeNull();
    const files = await servedFiles(logo!);
    expect(files.map(({ format, width, height }) => [format, width, height])).toEqual([
      ['webp', 128, 128],
      ['avif', 128, 128],
      ['webp', 256, 256],
      ['avif', 256, 256],
      ['jpeg', 128, 128],
    ]);
    expect(logo!.renditions.at(-1)!.purpose).toBe('mail');
    expect(answer.url).toBe(logo!.renditions[2]!.url);
    const served = await fetchFile(logo!.renditions[2]!.url);
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('takes a WebP, and a PNG sent under a .jpg name as image/jpeg: the bytes decide', async () => {
    const contest = await seedContest(t.database, owner);
    expect(
      (await upload(contest.id, 'logo', await flatPicture({ width: 300, height: 300 }, 'webp')))
        .statusCode,
    ).toBe(201);
    const png = await flatPicture({ width: 300, height: 300 });
    const response = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/images`,
      ...imageForm('cover', png, { filename: 'holiday.jpg', type: 'image/jpeg' }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('takes two uploads sent at once, and the kind after the file', async () => {
    const contest = await seedContest(t.database, owner);
    const [cover, logo] = await Promise.all([
      upload(contest.id, 'cover', await phonePhoto({ width: 1600, height: 900 }, 1, '#8ecae6')),
      request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/images`,
        ...multipartForm([
          {
            field: 'file',
            content: await flatPicture({ width: 200, height: 200 }),
            filename: 'l.png',
          },
          { field: 'kind', content: 'logo' },
        ]),
      }),
    ]);
    expect([cover.statusCode, logo.statusCode]).toEqual([201, 201]);
    const images = await imagesOf(contest.id);
    expect([images.cover?.width, images.logo?.width]).toEqual([1600, 200]);
  });

  it('serves each file for a year, immutable, with its type, nosniff and an ETag', async () => {
    const contest = await seedContest(t.database, owner);
    const { url } = await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 700, height: 500 }),
    );
    const response = await fetchFile(url);
    expect(response.headers).toMatchObject({
      'cache-control': IMMUTABLE,
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      etag: `"${url.slice('/media/'.length, -'.webp'.length)}"`,
    });
    const again = await fetchFile(url, { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A signed-in owner's browser caches it too: the same bytes for everyone.
    const signedIn = await request(t, owner, { method: 'GET', url });
    expect(signedIn.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers 404 for an unknown hash and for a name that is no file key', async () => {
    for (const url of [
      `/media/${'a'.repeat(64)}.webp`,
      `/media/${'a'.repeat(64)}.png`,
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/nothing',
    ]) {
      const response = await fetchFile(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('shows the images in the public contest JSON too', async () => {
    const contest = await seedContest(t.database, owner);
    const { url } = await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 700, height: 500 }),
    );
    const images = await imagesOf(contest.id, undefined);
    expect(images.cover?.url).toBe(url);
    expect(images.logo).toBeNull();
  });

  it('replaces the previous image of that kind, and deletes its files', async () => {
    const contest = await seedContest(t.database, owner);
    await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 700, height: 500 }, 1, '#111111'),
    );
    const before = (await imagesOf(contest.id)).cover!;
    await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 700, height: 500 }, 1, '#eeeeee'),
    );
    const after = (await imagesOf(contest.id)).cover!;
    expect(after.url).not.toBe(before.url);
    for (const file of before.renditions) expect((await fetchFile(file.url)).statusCode).toBe(404);
    for (const file of after.renditions) expect((await fetchFile(file.url)).statusCode).toBe(200);
  });

  it('keeps a file another contest still uses', async () => {
    const photo = await phonePhoto({ width: 700, height: 500 }, 1, '#336699');
    const first = await seedContest(t.database, owner);
    const second = await seedContest(t.database, owner);
    const shared = await uploaded(first.id, 'cover', photo);
    expect((await uploaded(second.id, 'cover', photo)).url).toBe(shared.url);
    await uploaded(first.id, 'cover', await phonePhoto({ width: 700, height: 500 }, 1, '#993366'));
    expect((await fetchFile(shared.url)).statusCode).toBe(200);
    const deleted = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${second.id}/images/cover`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await fetchFile(shared.url)).statusCode).toBe(404);
  });

  it('DELETE takes the image away (204), then answers 404; a kind it does not know is 400', async () => {
    const contest = await seedContest(t.database, owner);
    // A colour of its own: no other contest of this file uses the same renditions.
    const logo = await phonePhoto({ width: 300, height: 300 }, 1, '#13579b');
    const { url } = await uploaded(contest.id, 'logo', logo);
    const remove = () =>
      request(t, owner, { method: 'DELETE', url: `/api/contests/${contest.id}/images/logo` });
    expect((await remove()).statusCode).toBe(204);
    expect((await imagesOf(contest.id)).logo).toBeNull();
    expect((await fetchFile(url)).statusCode).toBe(404);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
    const badKind = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}/images/banner`,
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('is the owner’s: 401 signed out, 404 for another account, as every contest route', async () => {
    const contest = await seedContest(t.database, owner);
    const stranger = await seedUser(t);
    const photo = await phonePhoto({ width: 700, height: 500 });
    const anonymous = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contest.id}/images`,
      ...imageForm('cover', photo),
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await upload(contest.id, 'cover', photo, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const foreignDelete = await request(t, stranger, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}/images/cover`,
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await upload('not-a-contest', 'cover', photo)).statusCode).toBe(404);
    expect((await imagesOf(contest.id)).cover).toBeNull();
  });

  it('sweeps the files of a deleted contest', async () => {
    const contest = await seedContest(t.database, owner);
    const { url } = await uploaded(
      contest.id,
      'cover',
      await phonePhoto({ width: 640, height: 480 }, 1, '#445566'),
    );
    const deleted = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await fetchFile(url)).statusCode).toBe(200);
    await sweepUnusedMedia(t.database);
    expect((await fetchFile(url)).statusCode).toBe(404);
  });
});
