import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  flatPicture,
  formatOfBytes,
  imageForm,
  phonePhoto,
  pngBomb,
} from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { multipartForm } from '#server/testing/uploads.ts';
import {
  IMAGE_MAX_BYTES,
  imageMessages,
  type UploadedImage,
} from '#shared/contracts/contest-images.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';

/**
 * What an image upload refuses (docs/product.md#contest-images): anything but a JPEG, PNG or
 * WebP by its bytes, more than 10 MB or 40 megapixels, a decompression bomb, a damaged file;
 * always with a 4xx and a message, never a 500.
 */

describe('contest images: refusals', () => {
  let t: TestApp;
  let owner: SeededUser;
  let contestId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    contestId = (await seedContest(t.database, owner)).id;
  });
  afterAll(() => t.close());

  const post = (form: ReturnType<typeof multipartForm>) =>
    request(t, owner, { method: 'POST', url: `/api/contests/${contestId}/images`, ...form });
  const upload = (bytes: Buffer, kind = 'cover') => post(imageForm(kind, bytes));

  async function expectRefused(bytes: Buffer, message: string = imageMessages.notAnImage) {
    const response = await upload(bytes);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_IMAGE', message });
  }

  it('refuses a file over 10 MB with 413, before looking at it', async () => {
    const photo = await phonePhoto({ width: 64, height: 64 });
    const padded = Buffer.concat([photo, Buffer.alloc(IMAGE_MAX_BYTES + 1 - photo.length)]);
    const response = await upload(padded);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: imageMessages.tooLarge,
    });
  });

  it('refuses a photo over 40 megapixels', async () => {
    const big = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: '#808080' },
    })
      .jpeg()
      .toBuffer();
    await expectRefused(big, imageMessages.tooManyPixels);
  });

  it('refuses a PNG bomb from its header, fast and without taking the memory', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(50_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await expectRefused(bomb, imageMessages.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an SVG, a GIF and a text file, whatever their names say', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRefused(svg);
    await expectRefused(await flatPicture({ width: 20, height: 20 }, 'gif'));
    await expectRefused(Buffer.from('name,email\nAna,ana@example.com\n'));
  });

  it('refuses a file cut short, and JPEG magic followed by garbage', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 });
    await expectRefused(photo.subarray(0, Math.floor(photo.length / 2)), imageMessages.unreadable);
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#2a9d8f' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), imageMessages.unreadable);
    const garbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('not really a JPEG '.repeat(100)),
    ]);
    await expectRefused(garbage);
  });

  it('keeps only the re-encoded pixels of a JPEG with a script appended', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const polyglot = Buffer.concat([
      await phonePhoto({ width: 700, height: 500 }, 1, '#264653'),
      Buffer.from(script),
    ]);
    const response = await upload(polyglot);
    expect(response.statusCode).toBe(201);
    const contest = await request(t, owner, { method: 'GET', url: `/api/contests/${contestId}` });
    const { cover } = contest.json<OwnerContest>().images;
    expect(cover?.url).toBe(response.json<UploadedImage>().url);
    for (const file of cover!.renditions) {
      const served = await request(t, undefined, { method: 'GET', url: file.url });
      expect(formatOfBytes(served.rawPayload)).toBe(file.format);
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('refuses a kind other than cover or logo, and a form without a file', async () => {
    const photo = await phonePhoto({ width: 100, height: 100 });
    for (const kind of ['banner', '']) {
      const response = await upload(photo, kind);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION',
        message: imageMessages.badKind,
        errors: { kind: imageMessages.badKind },
      });
    }
    const withoutKind = await post(
      multipartForm([{ field: 'file', content: photo, filename: 'a.jpg', type: 'image/jpeg' }]),
    );
    expect(withoutKind.statusCode).toBe(400);
    const withoutFile = await post(multipartForm([{ field: 'kind', content: 'cover' }]));
    expect(withoutFile.statusCode).toBe(400);
    expect(withoutFile.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: imageMessages.noFile,
    });
  });

  it('refuses a body that is not multipart (415) or a form cut short (400)', async () => {
    const json = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contestId}/images`,
      payload: { kind: 'cover' },
    });
    expect(json.statusCode).toBe(415);
    const cut = imageForm('cover', await phonePhoto({ width: 100, height: 100 }));
    const response = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contestId}/images`,
      headers: cut.headers,
      payload: cut.payload.subarray(0, cut.payload.length - 40),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a second file in the same form', async () => {
    const photo = await phonePhoto({ width: 100, height: 100 });
    const response = await post(
      multipartForm([
        { field: 'kind', content: 'cover' },
        { field: 'file', content: photo, filename: 'a.jpg', type: 'image/jpeg' },
        { field: 'file', content: photo, filename: 'b.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(response.statusCode).toBe(413);
  });
});
