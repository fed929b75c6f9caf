import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, imageMessages } from '#shared/contracts/contest-images.ts';
import { dateTimeLocal } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * The cover photo (docs/product.md#contest-images): the owner drops it on the builder's field or
 * picks it, sees it in the live preview, and the entry page shows it as its hero, with and
 * without JavaScript.
 */

/** A landscape "photo": a sunset gradient, as a phone's JPEG. */
function prizePhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 250 - Math.round((y / height) * 120);
      pixels[at + 1] = 120 + Math.round((x / width) * 80);
      pixels[at + 2] = 60 + Math.round((y / height) * 150);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

/** Drops a file on an element as a browser would hand it over: a drop event with a DataTransfer. */
async function dropFile(target: Locator, name: string, type: string, bytes: Buffer) {
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, type, base64 }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, type, base64: bytes.toString('base64') },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The hero as the entry page serves it: its sources, and the picture the browser shows. */
async function expectCoverHero(page: Page, alt: string) {
  const picture = page.locator('article picture').first();
  for (const format of ['avif', 'webp']) {
    const source = picture.locator(`source[type="image/${format}"]`);
    await expect(source).toHaveAttribute('sizes', /512px/);
    const srcset = (await source.getAttribute('srcset')) ?? '';
    expect(srcset.split(',').map((candidate) => candidate.split(' ')[1])).toEqual([
      '640w',
      '1080w',
      '1600w',
    ]);
  }
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('width', '1800');
  await expect(img).toHaveAttribute('height', '1200');
  await expect(img).toHaveAttribute('alt', alt);
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect(img).not.toHaveAttribute('loading', 'lazy');
  // Loaded from the server's renditions, above the fold.
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    /\/media\/[0-9a-f]{64}\.(avif|webp)$/,
  );
  await expect(img).toBeInViewport();
}

test.describe('the cover photo', () => {
  test('an owner drops a cover on the builder, sees it in the preview, publishes, and the entry page shows it', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }, testInfo) => {
    const isPhone = testInfo.project.name === 'phone';
    await signIn(await seedUserWithPassword());
    await page.goto('/contest-builder');
    await expect(page.getByRole('heading', { name: 'Create a New Contest' })).toBeVisible();

    await dropFile(
      page.getByRole('button', { name: /Choose cover photo/ }),
      'prize.jpg',
      'image/jpeg',
      await prizePhoto(),
    );
    await expect(page.getByRole('button', { name: 'Replace cover photo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove cover photo' })).toBeVisible();

    await field(page, 'Contest title').fill('Sunset Bike Giveaway');
    await field(page, 'Description').fill('Ride into summer on a new bike.');
    await field(page, 'Prize details').fill('A city bike');
    await field(page, 'Prize value (optional)').fill('$600');
    await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 7 })));

    // The preview draws the chosen photo (not uploaded yet) with what was typed.
    if (isPhone) await page.getByRole('button', { name: 'Preview' }).click();
    const shown = preview(page).locator('article');
    await expect(shown.locator('h1')).toHaveText('Sunset Bike Giveaway');
    await expect(shown.getByText('A city bike ($600)')).toBeVisible();
    await expect(shown.locator('picture img')).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() =>
        shown.locator('picture img').evaluate((element: HTMLImageElement) => element.naturalWidth),
      )
      .toBe(1800);
    await expectNoHorizontalScroll(page);
    if (isPhone) await preview(page).scrollIntoViewIfNeeded();
    await snap('builder-cover-preview');

    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/);
    await expectToast(page, 'Contest Created!');
    const contestId = page.url().split('/').pop()!;

    await page.goto(`/c/${contestId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sunset Bike Giveaway');
    await expectCoverHero(page, 'A city bike');
    await expectNoHorizontalScroll(page);
    await snap('entry-page-cover');

    // Without JavaScript the server's page shows the same picture.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize()!,
      baseURL: server.url,
    });
    try {
      const plainPage = await plain.newPage();
      await plainPage.goto(`/c/${contestId}`);
      await expectCoverHero(plainPage, 'A city bike');
    } finally {
      await plain.close();
    }
  });

  test(
    'the edit page uploads at once, shows the server’s refusal under the field, and removes',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { prizeDetails: 'A yoga mat' });
      await signIn(owner);
      await page.goto(`/contest-edit/${contest.id}`);
      const picker = field(page, 'Cover photo');
      const message = (text: string) => page.getByRole('alert').filter({ hasText: text });

      // The browser's own checks, in the server's words, before anything is sent.
      await picker.setInputFiles({
        name: 'cat.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await expect(message(imageMessages.notAnImage)).toBeVisible();
      await picker.setInputFiles({
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(IMAGE_MAX_BYTES + 1),
      });
      await expect(message(imageMessages.tooLarge)).toBeVisible();

      // A text file named .jpg passes them; the server reads its bytes and says no.
      await picker.setInputFiles({
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Shopping list: mats, blocks, straps.'),
      });
      await expect(message(imageMessages.notAnImage)).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Try again to upload the cover photo' }),
      ).toBeVisible();
      await snap('edit-cover-refused');

      await picker.setInputFiles({
        name: 'mat.jpg',
        mimeType: 'image/jpeg',
        buffer: await prizePhoto(),
      });
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove cover photo' })).toBeEnabled();
      await page.goto(`/c/${contest.id}`);
      await expectCoverHero(page, 'A yoga mat');

      await page.goto(`/contest-edit/${contest.id}`);
      await page.getByRole('button', { name: 'Remove cover photo' }).click();
      await expect(page.getByRole('button', { name: /Choose cover photo/ })).toBeVisible();
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('picture')).toHaveCount(0);
    },
  );

  test(
    'a cover the server refuses after the builder created the contest waits on its edit page',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn }) => {
      await signIn(await seedUserWithPassword());
      await page.goto('/contest-builder');
      await field(page, 'Cover photo').setInputFiles({
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Not a photo at all.'),
      });
      await field(page, 'Contest title').fill('Kept Anyway');
      await field(page, 'Description').fill('The contest is created all the same.');
      await field(page, 'Prize details').fill('A water bottle');
      await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 3 })));
      await page.getByRole('button', { name: 'Save Draft' }).click();

      await expect(page).toHaveURL(/\/contest-edit\/[0-9a-f-]{36}$/);
      await expect(field(page, 'Contest title')).toHaveValue('Kept Anyway');
      await expect(
        page.getByRole('alert').filter({ hasText: imageMessages.notAnImage }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Try again to upload the cover photo' }),
      ).toBeVisible();
    },
  );
});
