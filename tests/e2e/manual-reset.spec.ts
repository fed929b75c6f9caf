import { expect, PHONE_ONLY, test, type Page } from './support/fixtures.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  logInWithForm,
  screenTitle,
} from './support/helpers.ts';

const tokenLine = /^[A-Za-z0-9_-]{43}$/m;

async function fillReset(page: Page, token: string, password: string, confirm = password) {
  await page.getByLabel('Reset token', { exact: true }).fill(token);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirm);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

test.describe('manual reset', () => {
  test('Get Reset Token needs an e-mail address first', PHONE_ONLY, async ({ page, snap }) => {
    await page.goto('/manual-reset');
    await expect(screenTitle(page, 'Manual password reset')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('manual-reset');

    await page.getByRole('button', { name: 'Get Reset Token' }).click();
    await expectToast(page, 'Email Required', 'Please enter your e-mail address first.');
    await snap('manual-reset-email-required');
  });

  test('the form checks its fields before sending', async ({ page }) => {
    await page.goto('/manual-reset');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Reset token is required' }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please confirm your password' }),
    ).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await fillReset(page, 'a-token', 'long-enough-1', 'long-enough-2');
    await expect(
      page.getByRole('alert').filter({ hasText: "Passwords don't match" }),
    ).toBeVisible();
  });

  test(
    'a mailed token resets the password; a wrong one does not',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, latestMail, snap }) => {
      const user = await seedUserWithPassword({ firstName: 'Morgan' });
      const newPassword = 'manual-new-password-1';

      await page.goto('/manual-reset');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByRole('button', { name: 'Get Reset Token' }).click();
      await expectToast(
        page,
        'Reset Token Requested',
        'If an account exists for that email, a reset token is on its way.',
      );
      await snap('manual-reset-token-requested');

      const mail = await latestMail(user.email);
      const token = mail.text.match(tokenLine)?.[0];
      expect(token, 'the mail carries the token on a line of its own').toBeDefined();
      // No screen ever shows the token.
      await expect(page.getByText(token!)).toHaveCount(0);

      const wrongToken = token!.startsWith('A') ? `B${token!.slice(1)}` : `A${token!.slice(1)}`;
      await fillReset(page, wrongToken, newPassword);
      await expectToast(
        page,
        'Reset Failed',
        'Failed to reset password. Please check your token and try again.',
      );
      await snap('manual-reset-failed');

      await fillReset(page, token!, newPassword);
      await expect(screenTitle(page, 'Password Reset Successful!')).toBeVisible();
      await expectToast(page, 'Password Reset Successful');
      await expectNoHorizontalScroll(page);
      await snap('manual-reset-success');

      await page.getByRole('link', { name: 'Continue to Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await logInWithForm(page, user.email, newPassword);
      await expect(page.getByText('Welcome, Morgan')).toBeVisible();
    },
  );

  test('an unknown e-mail gets the same answer', PHONE_ONLY, async ({ page }) => {
    await page.goto('/manual-reset');
    await page.getByLabel('Email', { exact: true }).fill('no-such-account@example.com');
    await page.getByRole('button', { name: 'Get Reset Token' }).click();
    await expectToast(
      page,
      'Reset Token Requested',
      'If an account exists for that email, a reset token is on its way.',
    );
  });

  test('the back arrow leads to sign in', PHONE_ONLY, async ({ page }) => {
    await page.goto('/manual-reset');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
  });
});
