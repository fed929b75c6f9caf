import {
  expectNoHorizontalScroll,
  expectToast,
  fillSignup,
  screenTitle,
  toastWith,
} from './support/helpers.ts';
import { expect, test, uniqueEmail } from './support/fixtures.ts';

const validSignup = () => ({
  firstName: 'Sam',
  lastName: 'Signup',
  email: uniqueEmail('signup'),
  password: 'long-enough-pass',
});

test.describe('signup', () => {
  test('empty submit asks for every field', async ({ page, snap }) => {
    await page.goto('/signup');
    await expect(screenTitle(page, 'Create your account')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('signup');

    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Missing information', 'Please fill in all fields.');
    await expect(
      page.getByRole('alert').filter({ hasText: 'First name is required' }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Last name is required' }),
    ).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/signup$/);
    await expectNoHorizontalScroll(page);
    await snap('signup-missing-information');
  });

  test('a short password is refused before anything is sent', async ({ page, snap }) => {
    await page.goto('/signup');
    await fillSignup(page, { ...validSignup(), password: 'short12' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await snap('signup-password-too-short');
  });

  test('a malformed e-mail address gets a field message', async ({ page, snap }) => {
    await page.goto('/signup');
    await fillSignup(page, { ...validSignup(), email: 'not-an-email' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(toastWith(page, 'Account created!')).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
    await snap('signup-invalid-email');
  });

  test('success tells the user to verify and goes to /login', async ({
    page,
    latestMail,
    snap,
  }) => {
    const input = validSignup();
    await page.goto('/signup');
    await fillSignup(page, input);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Account created!', 'Please check your email to verify your account.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
    await snap('signup-success-login');

    const mail = await latestMail(input.email);
    expect(mail.subject).toContain('Verify your email');
    expect(mail.link).toContain('/api/auth/verify-email?token=');
  });

  test('an e-mail address already taken, in another case, is refused', async ({
    page,
    seedUser,
    snap,
  }) => {
    const existing = await seedUser();
    await page.goto('/signup');
    await fillSignup(page, { ...validSignup(), email: existing.email.toUpperCase() });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Signup failed', 'An account with this email already exists.');
    await expect(page).toHaveURL(/\/signup$/);
    await snap('signup-duplicate-email');
  });

  test('/register is the same screen and links back to sign in', async ({ page, snap }) => {
    await page.goto('/register');
    await expect(screenTitle(page, 'Create your account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('register');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
  });
});
