import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  logInWithForm,
  screenTitle,
} from './support/helpers.ts';

test.describe('login', () => {
  test('the screen links to forgot-password and signup', async ({ page, snap }) => {
    await page.goto('/login');
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('login');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(screenTitle(page, 'Forgot your password?')).toBeVisible();

    await page.goBack();
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(screenTitle(page, 'Create your account')).toBeVisible();
  });

  test('empty submit shows the field messages', PHONE_ONLY, async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Password is required' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is refused', PHONE_ONLY, async ({ page, seedUserWithPassword, snap }) => {
    const user = await seedUserWithPassword();
    await page.goto('/login');
    await logInWithForm(page, user.email, 'not-the-password');
    await expectToast(page, 'Login Failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await snap('login-failed');
  });

  test(
    'an unknown e-mail gets the same answer as a wrong password',
    PHONE_ONLY,
    async ({ page }) => {
      await page.goto('/login');
      await logInWithForm(page, 'nobody-here@example.com', 'whatever-password');
      await expectToast(page, 'Login Failed', 'Invalid email or password');
    },
  );

  test(
    'an unverified user is told so and can ask for a new link',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, mailedLink, snap }) => {
      const user = await seedUserWithPassword({ verified: false });
      await page.goto('/login');
      await logInWithForm(page, user.email, user.password);
      await expectToast(
        page,
        'Login Failed',
        'Please verify your email before signing in. We can send you a new verification link.',
      );
      await expect(page).toHaveURL(/\/login$/);
      const resend = page.getByRole('button', { name: 'Resend verification e-mail' });
      await expect(resend).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('login-unverified');

      await resend.click();
      await expectToast(
        page,
        'Verification e-mail sent',
        'If that account exists and is not yet verified, a new verification link is on its way.',
      );
      await snap('login-unverified-resent');
      // The new link opens the page that asks for the password (verify-email.spec.ts goes on).
      const link = await mailedLink(user.email, '/verify-email');
      expect(new URL(link).searchParams.get('token')).toBeTruthy();
    },
  );

  test('a deactivated user cannot sign in', PHONE_ONLY, async ({ page, seedUserWithPassword }) => {
    const user = await seedUserWithPassword({ isActive: false });
    await page.goto('/login');
    await logInWithForm(page, user.email, user.password);
    await expectToast(
      page,
      'Login Failed',
      'This account has been deactivated. Please contact support.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin sees the Admin Panel link', async ({ page, seedUserWithPassword, snap }) => {
    const admin = await seedUserWithPassword({ role: 'admin', firstName: 'Ada' });
    await page.goto('/login');
    await logInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Ada')).toBeVisible();
    const adminPanel = page.getByRole('link', { name: 'Admin Panel' });
    await expect(adminPanel).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('home-admin');

    await adminPanel.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  test(
    'a plain user does not see the Admin Panel link',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword }) => {
      const user = await seedUserWithPassword({ firstName: 'Pat' });
      await page.goto('/login');
      await logInWithForm(page, user.email, user.password);
      await expect(page.getByText('Welcome, Pat')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    },
  );
});
