import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';

test('landing page shows the product, its features and pricing, and a live demo wheel', async ({
  page,
  snap,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
  await expect(page.getByRole('heading', { name: 'Interactive spinning wheel' })).toBeVisible();
  await expect(page.locator('#pricing')).toContainText('Simple pricing');
  await snap('landing');

  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try the wheel' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'SPIN' }).click();
  await expect(dialog.getByRole('button', { name: 'SPINNING...' })).toBeDisabled();
  await expect(dialog.getByText(/wins!/)).toBeVisible({ timeout: 6000 });
  await snap('landing-demo-wheel');
});

test('the landing page links on to the app, and back, without a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
  // Marks this document: a full page load would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
  await page.getByRole('link', { name: 'Start Your First Contest' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('First name', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole landing page is there, rendered by the server', async ({ page, snap }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
    await expect(page.getByRole('heading', { name: 'Interactive spinning wheel' })).toBeVisible();
    await expect(page.locator('#pricing')).toContainText('Simple pricing');
    await expect(
      page.getByRole('link', { name: 'Start Your First Contest' }).first(),
    ).toHaveAttribute('href', '/signup');
    await expectNoHorizontalScroll(page);
    await snap('landing-without-javascript');
  });
});
