import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests, users } from '#server/db/schema.ts';
import { flatPicture } from '#server/testing/images.ts';
import { brandMessages } from '#shared/contracts/brand.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';
import { enterContest, entryForm } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The owner's brand (docs/product.md#the-owners-brand): set on the account page, worn by the
 * entry page (name, logo, colour) and by the entered view (the button after entering), with and
 * without JavaScript.
 */

const TEAL = 'rgb(15, 118, 110)';
const CALL_TO_ACTION = { label: 'Book a free session', url: 'https://ana.example/book' };

const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** The brand's header above the page's card, the logo beside the name. */
async function expectBrandHeader(page: Page, name: string) {
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('Giveaway on Prizewheel')).toBeVisible();
}

test.describe("the owner's brand", () => {
  test('the owner sets a brand, and the entry page and the entered view wear it', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Summer Shred Giveaway' });
    await signIn(owner);

    await page.goto('/');
    await page.getByRole('link', { name: 'Brand' }).click();
    await expect(page.getByRole('heading', { name: 'Your brand' })).toBeVisible();

    await page.getByLabel('Business name', { exact: true }).fill('Coach Ana Fitness');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await flatPicture({ width: 300, height: 300 }),
    });
    await expect(page.getByText('Logo saved', { exact: true })).toBeVisible();
    await expect(page.getByAltText('Logo: preview')).toBeVisible();

    // A mid grey: neither white nor black text reads on it, and the page says so at once.
    const colour = page.getByLabel('Brand colour', { exact: true });
    await colour.fill('#808080');
    await expect(colour).toHaveAccessibleDescription(brandMessages.colorContrast);
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(colour).toHaveAccessibleDescription(brandMessages.colorContrast);
    await snap('brand-account-contrast');

    await colour.fill('#0f766e');
    await page.getByLabel('Button text').fill(CALL_TO_ACTION.label);
    await page.getByLabel('Button link').fill(CALL_TO_ACTION.url);
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByText('Brand saved', { exact: true })).toBeVisible();
    // The preview's button is in the colour.
    const preview = page.getByRole('complementary', { name: 'Preview' });
    expect(await backgroundOf(preview.getByText('Enter Contest'))).toBe(TEAL);
    await expectNoHorizontalScroll(page);
    await snap('brand-account-page');

    await page.goto(`/c/${contest.id}`);
    await expectBrandHeader(page, 'Coach Ana Fitness');
    await expect(page.locator('main img[width="40"]')).toBeVisible();
    await expect(entryForm(page).submit).toBeEnabled();
    expect(await backgroundOf(entryForm(page).submit)).toBe(TEAL);
    await expectNoHorizontalScroll(page);
    await snap('brand-entry-page');

    await enterContest(page, 'Sam Rivera', uniqueEmail('branded'));
    await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
    const callToAction = page.getByRole('link', { name: CALL_TO_ACTION.label });
    await expect(callToAction).toHaveAttribute('href', CALL_TO_ACTION.url);
    await expect(callToAction).toHaveAttribute('target', '_blank');
    expect(await backgroundOf(callToAction)).toBe(TEAL);
    await snap('brand-entered');
  });

  test("a contest's own colour and name over the account's", async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Camp Week' });
    await server.db
      .update(users)
      .set({ brand: { brandName: 'Coach Ana Fitness', brandColor: '#0f766e' } })
      .where(eq(users.id, owner.id));
    await signIn(owner);

    await page.goto(`/contest-edit/${contest.id}`);
    await page.locator('summary', { hasText: 'Brand' }).click();
    await expect(page.getByText("Your account's: Coach Ana Fitness")).toBeVisible();
    await page.getByRole('switch', { name: 'Own colour' }).click();
    const colour = page.getByLabel('Colour for this contest', { exact: true });
    await colour.fill('#808080');
    await expect(colour).toHaveAccessibleDescription(brandMessages.colorContrast);
    await colour.fill('#fde047');
    await page.getByRole('switch', { name: 'Own business name' }).click();
    await page.getByLabel('Business name for this contest').fill('Ana Summer Camp');
    await page.getByLabel('Number of entries on the entry page').selectOption('hide');
    await snap('brand-contest-override');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Contest Updated');

    await page.goto(`/c/${contest.id}`);
    await expectBrandHeader(page, 'Ana Summer Camp');
    expect(await backgroundOf(entryForm(page).submit)).toBe('rgb(253, 224, 71)');
    await expect(page.getByText('Current Entries')).toHaveCount(0);
  });
});

test.describe("the owner's brand without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a contest's own brand shows, and its button after entering",
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Yellow Days' });
      // The contest's own fields, as its form sends them: a light colour carries near-black text.
      await server.db
        .update(contests)
        .set({
          brand: {
            brandName: 'Ana Summer Camp',
            brandColor: '#fde047',
            callToAction: CALL_TO_ACTION,
          },
        })
        .where(eq(contests.id, contest.id));

      await page.goto(`/c/${contest.id}`);
      await expectBrandHeader(page, 'Ana Summer Camp');
      const submit = entryForm(page).submit;
      expect(await backgroundOf(submit)).toBe('rgb(253, 224, 71)');
      expect(await submit.evaluate((element) => getComputedStyle(element).color)).toBe(
        'rgb(24, 24, 27)',
      );

      // The plain form: no script takes it over, and the server drops one sent at once.
      const form = entryForm(page);
      await form.name.fill('Plain Pat');
      await form.email.fill(uniqueEmail('plain-brand'));
      await page.waitForTimeout(FAST_SUBMIT_MS + 500);
      await form.submit.click();
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      await expect(page.getByRole('link', { name: CALL_TO_ACTION.label })).toHaveAttribute(
        'href',
        CALL_TO_ACTION.url,
      );
      await expectNoHorizontalScroll(page);
      await snap('brand-nojs-entered');
    },
  );
});
