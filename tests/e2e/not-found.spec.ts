import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';

test('an unknown path shows the not-found screen', async ({ page, snap }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(
    page.getByText(
      'There is no page at this address. Check the link, or start again from the home page.',
    ),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('not-found');

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
});
