import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';

test.describe('root route', () => {
  test('a signed-in user sees the contests home', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const user = await seedUserWithPassword({ firstName: 'Casey' });
    await signIn(user);
    await page.goto('/');
    await expect(page.getByText('Welcome, Casey')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('home-via-session');
  });

  test('a visitor sees the landing page', PHONE_ONLY, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
    await expect(page.getByRole('heading', { name: 'Your Contests' })).toHaveCount(0);
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Log in', exact: true }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
