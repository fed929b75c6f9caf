import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
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

test(
  'the landing page links on to the app, and back, without a reload',
  PHONE_ONLY,
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
    // Marks this document: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Log in', exact: true })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
    await page.getByRole('link', { name: 'Start Your First Contest' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByLabel('First name', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  },
);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'the whole landing page is there, rendered by the server',
    PHONE_ONLY,
    async ({ page, snap }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
      await expect(page.getByRole('heading', { name: 'Interactive spinning wheel' })).toBeVisible();
      await expect(page.locator('#pricing')).toContainText('Simple pricing');
      await expect(
        page.getByRole('link', { name: 'Start Your First Contest' }).first(),
      ).toHaveAttribute('href', '/signup');
      await expectNoHorizontalScroll(page);
      await snap('landing-without-javascript');
    },
  );
});

test('the header offers Sign up beside Log in, and the footer carries no recovery tools', async ({
  page,
  snap,
}) => {
  await page.goto('/');
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(header.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute(
    'href',
    '/signup',
  );
  // What no other giveaway tool does, right under the promise.
  const why = page.locator('#why');
  for (const reason of [
    'A draw anyone can check',
    'Real leads with confirmed e-mails',
    'Bonus entries for friends',
  ]) {
    await expect(why.getByRole('heading', { name: reason })).toBeVisible();
  }
  await expectNoHorizontalScroll(page);
  await snap('landing-header');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  for (const tool of [/forgot/i, /reset/i, /emergency/i, /admin/i]) {
    await expect(footer.getByRole('link', { name: tool })).toHaveCount(0);
  }
  for (const path of ['/forgot-password', '/manual-reset', '/emergency-access']) {
    await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(0);
  }
  await footer.scrollIntoViewIfNeeded();
  await snap('landing-footer');

  // Admins reach the recovery tools from the admin login page instead.
  await page.goto('/quick-admin');
  await expect(page.getByRole('link', { name: 'Emergency access' })).toHaveAttribute(
    'href',
    '/emergency-access',
  );
  await expect(page.getByRole('link', { name: 'Reset with a token' })).toHaveAttribute(
    'href',
    '/manual-reset',
  );
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
});
