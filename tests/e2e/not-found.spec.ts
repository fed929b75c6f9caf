import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';

test('an unknown path shows the not-found screen', async ({ page, snap }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('not-found');

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
});
