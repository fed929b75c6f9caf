import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import {
  expectNoHorizontalScroll,
  expectToast,
  logInWithForm,
  screenTitle,
} from './support/helpers.ts';

test.describe('forgot and reset password', () => {
  test(
    'an unknown e-mail gets the same answer as a known one',
    PHONE_ONLY,
    async ({ page, snap }) => {
      await page.goto('/forgot-password');
      await expect(screenTitle(page, 'Forgot your password?')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('forgot-password');

      await page.getByLabel('Email', { exact: true }).fill('nobody-at-all@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectToast(page, 'Reset link sent', 'Check your e-mail for a password reset link.');
      await expect(
        page.getByRole('status').filter({ hasText: 'nobody-at-all@example.com' }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('forgot-password-sent');

      await page.getByRole('button', { name: 'Use another e-mail address' }).click();
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    },
  );

  test('the forgot-password form checks the address and links back to sign in', async ({
    page,
  }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    'the mailed link resets the password once',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, latestMail, snap }) => {
      const user = await seedUserWithPassword({ firstName: 'Robin' });
      const newPassword = 'brand-new-password-7';

      await page.goto('/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectToast(page, 'Reset link sent', 'Check your e-mail for a password reset link.');

      const { link } = await latestMail(user.email);
      expect(link).toContain('/reset-password?token=');
      await page.goto(link!);
      await expect(screenTitle(page, 'Choose a new password')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('reset-password');

      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm password', { exact: true }).fill('something-else-8');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: "Passwords don't match" }),
      ).toBeVisible();
      await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await snap('reset-password-mismatch');

      await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expectToast(
        page,
        'Password reset successful',
        'Your password has been reset. You can now sign in with your new password.',
      );
      await expect(page).toHaveURL(/\/login$/);
      await snap('reset-password-success');

      // The old password no longer works; the new one does.
      await logInWithForm(page, user.email, user.password);
      await expectToast(page, 'Login Failed', 'Invalid email or password');
      await logInWithForm(page, user.email, newPassword);
      await expect(page.getByText('Welcome, Robin')).toBeVisible();
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Giveaways');

      // The link worked once.
      await page.goto(link!);
      await page.getByLabel('New password', { exact: true }).fill('another-password-9');
      await page.getByLabel('Confirm password', { exact: true }).fill('another-password-9');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expectToast(
        page,
        'Password reset failed',
        'Please try again or request a new reset link.',
      );
      await expect(page).toHaveURL(/\/reset-password\?token=/);
      await snap('reset-password-link-used');
    },
  );

  test('/reset-password without a token sends the user to ask for a new link', async ({
    page,
    snap,
  }) => {
    await page.goto('/reset-password');
    await expectToast(
      page,
      'Invalid reset link',
      'This password reset link is invalid or has expired.',
    );
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(screenTitle(page, 'Forgot your password?')).toBeVisible();
    await snap('reset-password-no-token');
  });
});
