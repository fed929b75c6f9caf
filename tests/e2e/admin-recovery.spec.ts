import { adminScreens, storedUser } from './support/admin-helpers.ts';
import { withVisitor } from './support/contest-helpers.ts';
import { expect, test, type Page } from './support/fixtures.ts';
import {
  expectLinks,
  expectNoHorizontalScroll,
  expectToast,
  logInWithForm,
  screenTitle,
} from './support/helpers.ts';

function fieldError(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Fills a password reset form (both reset screens share it) and presses its `button`. */
async function submitReset(
  page: Page,
  button: string,
  email: string,
  password: string,
  confirm = password,
) {
  await page.getByLabel('User Email', { exact: true }).fill(email);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
  await page.getByRole('button', { name: button }).click();
}

test.describe('admin verify e-mail /admin-verify-email', () => {
  test('checks the address, verifies it, and names an unknown one', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const pending = await seedUserWithPassword({ verified: false });
    await signIn(admin);
    await page.goto(adminScreens.verifyEmail);
    await expect(page.getByRole('heading', { name: 'Verify Email', level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-verify-email');

    const email = page.getByLabel('Email', { exact: true });
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(fieldError(page, 'Please enter a valid email address')).toBeVisible();
    await snap('admin-verify-email-invalid');

    await email.fill(`  ${pending.email}  `);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expectToast(page, 'Email Verified', `Successfully verified ${pending.email}`);
    await expect(email).toHaveValue('');
    expect((await storedUser(server.db, pending.id)).emailVerifiedAt).not.toBeNull();
    await snap('admin-verify-email-done');

    await email.fill('no-such-account@example.com');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expectToast(
      page,
      'Verification Failed',
      'No user with the email no-such-account@example.com.',
    );

    await page.getByRole('link', { name: 'Back to Working Admin' }).click();
    await expect(page).toHaveURL(/\/working-admin$/);
  });
});

test.describe('email debug /email-debug', () => {
  test('sends a test mail and lists the result', async ({
    page,
    seedUserWithPassword,
    signIn,
    latestMail,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const recipient = `debug.${Date.now().toString(36)}@example.com`;
    await signIn(admin);
    await page.goto(adminScreens.emailDebug);
    await expect(page.getByRole('heading', { name: 'Email Debug', level: 1 })).toBeVisible();
    await expect(page.getByText('No tests performed yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Backend logs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Common delivery problems' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('email-debug');

    await page.getByLabel('Recipient Email', { exact: true }).fill(recipient);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(
      page,
      'Email Test Sent',
      'Check server logs and email inbox for delivery confirmation.',
    );
    const results = page.getByRole('list', { name: 'Test results' });
    const entry = results.getByRole('listitem').first();
    await expect(entry.getByRole('img', { name: 'Success' })).toBeVisible();
    await expect(entry).toContainText(recipient);
    await expect(entry).toContainText(
      `No SMTP_URL is set: the test email for ${recipient} is in the outbox and the server log.`,
    );
    await expect(page.getByText('No tests performed yet')).toHaveCount(0);
    const mail = await latestMail(recipient);
    expect(mail.subject).toMatch(/test email/i);
    expect(mail.text).toContain(admin.email);
    await expectNoHorizontalScroll(page);
    await snap('email-debug-sent');

    await page.getByRole('link', { name: 'manual reset page' }).click();
    await expect(page).toHaveURL(/\/manual-reset$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/email-debug$/);
    await page.getByRole('link', { name: 'Back to Working Admin' }).click();
    await expect(page).toHaveURL(/\/working-admin$/);
  });
});

test.describe('admin password reset /admin-password-reset', () => {
  test('validates, resets, and the new password signs in', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const user = await seedUserWithPassword({ firstName: 'Jordan' });
    const newPassword = 'admin-chosen-password-7';
    await signIn(admin);
    await page.goto(adminScreens.passwordReset);
    await expect(
      page.getByRole('heading', { name: 'Admin Password Reset', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Admin Use Only.');
    await expect(page.getByLabel('User Email', { exact: true })).toHaveValue('');
    await expectNoHorizontalScroll(page);
    await snap('admin-password-reset');

    await page.getByRole('button', { name: 'Reset User Password' }).click();
    await expect(fieldError(page, 'Please enter a valid email address')).toBeVisible();
    await expect(fieldError(page, 'Password must be at least 8 characters')).toBeVisible();
    await expect(fieldError(page, 'Please confirm your password')).toBeVisible();
    await submitReset(page, 'Reset User Password', user.email, newPassword, `${newPassword}-typo`);
    await expect(fieldError(page, "Passwords don't match")).toBeVisible();
    await snap('admin-password-reset-invalid');

    await submitReset(page, 'Reset User Password', 'no-such-account@example.com', newPassword);
    await expectToast(page, 'Reset Failed', 'No user with the email no-such-account@example.com.');

    await submitReset(page, 'Reset User Password', user.email, newPassword);
    await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await expectToast(
      page,
      'Password Reset Successful',
      'User password has been updated successfully.',
    );
    await expect(page.getByText(`The password of ${user.email} has been changed`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-password-reset-done');

    await page.getByRole('button', { name: 'Reset Another Password' }).click();
    await expect(page.getByLabel('User Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Confirm New Password', { exact: true })).toHaveValue('');

    // The success screen's way back.
    await submitReset(page, 'Reset User Password', user.email, newPassword);
    await page.getByRole('link', { name: 'Back to Admin Panel' }).click();
    await expect(page).toHaveURL(/\/working-admin$/);

    await withVisitor(browser, server.url, async (visitor) => {
      await visitor.goto('/login');
      await logInWithForm(visitor, user.email, newPassword);
      await expect(visitor.getByText('Welcome, Jordan')).toBeVisible();
    });
  });
});

test.describe('database reset /database-reset', () => {
  test("prefilled with the admin's address; resets and offers Login Now", async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const user = await seedUserWithPassword({ firstName: 'Quinn' });
    const newPassword = 'database-password-9';
    await signIn(admin);
    await page.goto(adminScreens.databaseReset);
    await expect(
      page.getByRole('heading', { name: 'Database Password Reset', level: 1 }),
    ).toBeVisible();
    await expect(page.getByLabel('User Email', { exact: true })).toHaveValue(admin.email);
    await expectNoHorizontalScroll(page);
    await snap('database-reset');

    await page.getByLabel('User Email', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Reset Password in Database' }).click();
    await expect(fieldError(page, 'Please enter a valid email address')).toBeVisible();
    await expect(fieldError(page, 'Password must be at least 8 characters')).toBeVisible();
    await submitReset(page, 'Reset Password in Database', user.email, 'short', 'other');
    await expect(fieldError(page, 'Password must be at least 8 characters')).toBeVisible();
    await expect(fieldError(page, "Passwords don't match")).toBeVisible();

    await submitReset(page, 'Reset Password in Database', 'nobody-at-all@example.com', newPassword);
    await expectToast(page, 'Reset Failed', 'No user with the email nobody-at-all@example.com.');
    await snap('database-reset-failed');

    await submitReset(page, 'Reset Password in Database', user.email, newPassword);
    await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
    await expectToast(
      page,
      'Password Reset Successful',
      'Your password has been updated directly in the database.',
    );
    await snap('database-reset-done');

    await page.getByRole('button', { name: 'Reset Another Password' }).click();
    await expect(page.getByLabel('User Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
    await submitReset(page, 'Reset Password in Database', user.email, newPassword);
    await page.getByRole('link', { name: 'Login Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Signing in here replaces the admin's session with the user's.
    await logInWithForm(page, user.email, newPassword);
    await expect(page.getByText('Welcome, Quinn')).toBeVisible();
  });
});

test.describe('emergency access /emergency-access', () => {
  test('the tools, the status panel and the way back to sign in', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    await signIn(admin);
    await page.goto(adminScreens.emergencyAccess);
    await expect(page.getByRole('heading', { name: 'Emergency Access', level: 1 })).toBeVisible();
    const tools = page.getByRole('navigation', { name: 'Recovery tools' });
    // Each tile's name begins with the tool's name (a description follows it).
    await expectLinks(tools, [
      [/^Admin Password Reset/, '/admin-password-reset'],
      [/^Database Reset/, '/database-reset'],
      [/^Forgot Password/, '/forgot-password'],
      [/^Database Inspector/, '/database-inspector'],
      [/^Email Debug/, '/email-debug'],
    ]);
    await expect(page.getByText('Database: Connected')).toBeVisible();
    await expect(page.getByText(`Your session: Admin: ${admin.email}`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('emergency-access');

    await tools.getByRole('link', { name: /^Database Inspector/ }).click();
    await expect(page).toHaveURL(/\/database-inspector$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Login Page' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(screenTitle(page, 'Welcome back')).toBeVisible();
  });
});

test.describe('production e-mail verify /admin-verify-production', () => {
  test("prefilled with the admin's address; success and failure panels", async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const pending = await seedUserWithPassword({ verified: false });
    await signIn(admin);
    await page.goto(adminScreens.verifyProduction);
    await expect(
      page.getByRole('heading', { name: 'Production Email Verification', level: 1 }),
    ).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(admin.email);
    await expectNoHorizontalScroll(page);
    await snap('admin-verify-production');

    await email.fill(pending.email);
    await page.getByRole('button', { name: 'Verify Email in Production' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Email Verified Successfully!' });
    await expect(success).toBeVisible();
    await expect(success).toContainText(`${pending.email} can now sign in.`);
    expect((await storedUser(server.db, pending.id)).emailVerifiedAt).not.toBeNull();
    await expectNoHorizontalScroll(page);
    await snap('admin-verify-production-success');

    await email.fill('no-such-account@example.com');
    await page.getByRole('button', { name: 'Verify Email in Production' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Verification Failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('No user with the email no-such-account@example.com.');
    await expect(success).toHaveCount(0);
    await snap('admin-verify-production-failed');

    await email.fill(pending.email);
    await page.getByRole('button', { name: 'Verify Email in Production' }).click();
    await success.getByRole('link', { name: 'Login Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
