import {
  expectNoHorizontalScroll,
  expectToast,
  fillSignup,
  logInWithForm,
  screenTitle,
} from './support/helpers.ts';
import { expect, test, uniqueEmail } from './support/fixtures.ts';

test.describe('e-mail verification', () => {
  test('sign up, open the mailed link, sign in, see the contests, log out', async ({
    page,
    latestMail,
    snap,
  }) => {
    const email = uniqueEmail('verify');
    const password = 'verify-me-please';
    await page.goto('/signup');
    await fillSignup(page, { firstName: 'Vera', lastName: 'Verified', email, password });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const { link } = await latestMail(email);
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/verify-email\?status=verified$/);
    await expect(screenTitle(page, 'Email verified')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('verify-email-verified');

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInWithForm(page, email, password);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Vera')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('home-signed-in');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
    await expect(page.getByText('Welcome, Vera')).toHaveCount(0);

    // The session really ended: a reload still shows the landing page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');
  });

  test('a second click on a used link still says verified', async ({
    page,
    seedUser,
    latestMail,
  }) => {
    const user = await seedUser({ verified: false });
    await page.goto('/login');
    await logInWithForm(page, user.email, user.password);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expectToast(page, 'Verification email sent');

    const { link } = await latestMail(user.email);
    await page.goto(link!);
    await expect(screenTitle(page, 'Email verified')).toBeVisible();
    await page.goto(link!);
    await expect(screenTitle(page, 'Email verified')).toBeVisible();
  });

  test('an invalid link offers a new one by e-mail', async ({
    page,
    seedUser,
    latestMail,
    snap,
  }) => {
    const user = await seedUser({ verified: false });
    await page.goto('/api/auth/verify-email?token=nope');
    await expect(page).toHaveURL(/\/verify-email\?status=invalid$/);
    await expect(screenTitle(page, 'This link is not valid')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('verify-email-invalid');

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await expectToast(
      page,
      'Verification email sent',
      'If that account exists and is not yet verified, a new verification link is on its way.',
    );
    await snap('verify-email-resent');

    // The new link works.
    const { link } = await latestMail(user.email);
    await page.goto(link!);
    await expect(screenTitle(page, 'Email verified')).toBeVisible();
  });

  test('the resend form checks the address first', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(screenTitle(page, 'This link is not valid')).toBeVisible();
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
  });
});
