import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  fillSignup,
  logInWithForm,
  screenTitle,
  toastWith,
} from './support/helpers.ts';

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

  test(
    'a short password is refused before anything is sent',
    PHONE_ONLY,
    async ({ page, snap }) => {
      await page.goto('/signup');
      await fillSignup(page, { ...validSignup(), password: 'short12' });
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.');
      await expect(
        page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/signup$/);
      await snap('signup-password-too-short');
    },
  );

  test('a malformed e-mail address gets a field message', PHONE_ONLY, async ({ page, snap }) => {
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

  // After sign-up the screen says where the link went and offers it again, instead of a sign-in
  // form the new owner cannot use yet (docs/product.md#account-screens).
  test('success shows "Check your inbox" with the masked address, and Resend sends a new link', async ({
    page,
    mailedLink,
    latestMail,
    snap,
  }) => {
    const input = { ...validSignup(), email: `dana.${uniqueEmail('inbox')}` };
    await page.goto('/signup');
    await fillSignup(page, input);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(screenTitle(page, 'Check your inbox')).toBeVisible();
    await expect(
      page.getByText('We sent a link to d…@example.com', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(input.email)).toHaveCount(0);
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('signup-check-inbox');

    // The mail links to the page that asks for the password, not to the API.
    const first = await mailedLink(input.email, '/verify-email');
    expect(new URL(first).searchParams.get('token')).toBeTruthy();
    expect((await latestMail(input.email)).subject).toContain('Verify your email');

    await page.getByRole('button', { name: 'Resend the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We sent a new link' })).toBeVisible();
    await expect.poll(() => mailedLink(input.email, '/verify-email')).not.toBe(first);
    await snap('signup-check-inbox-resent');

    // Too many requests: the screen says to wait, in words, and keeps the button.
    await page.route('**/api/auth/resend-verification', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '3000' },
        body: JSON.stringify({
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please try again in 50 minutes.',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Resend the link' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Too many links asked for' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Please try again in 50 minutes.');
    await expectNoHorizontalScroll(page);
    await snap('signup-check-inbox-rate-limited');

    // A typo in the address: back to the form, the names kept.
    await page.getByRole('button', { name: 'Use another address' }).click();
    await expect(screenTitle(page, 'Create your account')).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue(input.firstName);
  });

  // Sign-up does not tell whether an address has an account: the answer is a new sign-up's,
  // and only the address's owner learns, by mail, that someone tried.
  test(
    'an e-mail address already taken, in another case, answers like a new one and changes nothing',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, latestMail, snap }) => {
      const existing = await seedUserWithPassword({ firstName: 'Tess' });
      const input = { ...validSignup(), email: existing.email.toUpperCase() };
      await page.goto('/signup');
      await fillSignup(page, input);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(screenTitle(page, 'Check your inbox')).toBeVisible();
      await expect(toastWith(page, 'Signup failed')).toHaveCount(0);
      await snap('signup-taken-email');

      const mail = await latestMail(existing.email);
      expect(mail.subject).toBe('Someone tried to sign up for Prizewheel with your address');
      expect(mail.text).not.toContain('/verify-email');

      // The account keeps its password: the sign-up's does not open it, the owner's does.
      await page.getByRole('link', { name: 'Sign in' }).click();
      await expect(screenTitle(page, 'Welcome back')).toBeVisible();
      await logInWithForm(page, existing.email, input.password);
      await expectToast(page, 'Login Failed', 'Invalid email or password');
      await logInWithForm(page, existing.email, existing.password);
      await expect(page.getByText('Welcome, Tess')).toBeVisible();
    },
  );

  test(
    '/register is the same screen and links back to sign in',
    PHONE_ONLY,
    async ({ page, snap }) => {
      await page.goto('/register');
      await expect(screenTitle(page, 'Create your account')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('register');

      await page.getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(screenTitle(page, 'Welcome back')).toBeVisible();
    },
  );
});
