import { expect, test } from './support/fixtures.ts';

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
