import {
  adminScreens,
  listRow,
  searchUsers,
  storedUser,
  uniqueToken,
} from './support/admin-helpers.ts';
import { withVisitor } from './support/contest-helpers.ts';
import { expect, test } from './support/fixtures.ts';
import {
  expectLinks,
  expectNoHorizontalScroll,
  expectToast,
  logInWithForm,
} from './support/helpers.ts';

test.describe('user management /admin-users', () => {
  test('search, badges, verify an e-mail, quick links', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const pending = await seedUserWithPassword({ verified: false, firstName: 'Parker' });
    const resting = await seedUserWithPassword({ isActive: false, firstName: 'Rowan' });
    await signIn(admin);
    await page.goto(adminScreens.users);
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();

    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expectLinks(quickLinks, [
      ['Database Inspector', '/database-inspector'],
      ['Emergency Access', '/emergency-access'],
      ['Admin Panel', '/admin'],
    ]);
    // Newest first: the accounts just made lead the list.
    await expect(listRow(page, resting.email)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-users');

    // The three seeded accounts share the worker's e-mail stamp prefix only by chance, so search
    // each one; the upper-case search shows it ignores letter case.
    await searchUsers(page).fill(pending.email.toUpperCase());
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    const pendingRow = listRow(page, pending.email);
    await expect(pendingRow.getByText('Parker Tester', { exact: false })).toBeVisible();
    await expect(pendingRow.getByText('Unverified', { exact: true })).toBeVisible();
    await expect(pendingRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(pendingRow.getByText('User', { exact: true })).toBeVisible();
    await snap('admin-users-unverified');

    await pendingRow.getByRole('button', { name: `Verify Email: ${pending.email}` }).click();
    await expectToast(page, 'Email Verified', `Successfully verified ${pending.email}`);
    await expect(pendingRow.getByText('Verified', { exact: true })).toBeVisible();
    await expect(pendingRow.getByRole('button', { name: /^Verify Email/ })).toHaveCount(0);
    expect((await storedUser(server.db, pending.id)).emailVerifiedAt).not.toBeNull();
    await snap('admin-users-verified');

    await searchUsers(page).fill(resting.email);
    const restingRow = listRow(page, resting.email);
    await expect(restingRow.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(restingRow.getByText('Verified', { exact: true })).toBeVisible();
    // Verified already: only Reset Password is offered.
    await expect(restingRow.getByRole('button', { name: /^Verify Email/ })).toHaveCount(0);
    await expect(
      restingRow.getByRole('button', { name: `Reset Password: ${resting.email}` }),
    ).toBeVisible();

    await searchUsers(page).fill(`nobody-${uniqueToken()}@nowhere.test`);
    await expect(page.getByText('No users found matching your search.')).toBeVisible();
    await expect(page.getByText('0 users', { exact: true })).toBeVisible();
    await snap('admin-users-empty');

    await quickLinks.getByRole('link', { name: 'Emergency Access' }).click();
    await expect(page).toHaveURL(/\/emergency-access$/);
  });

  test('Reset Password shows a temporary password once, and it signs the user in', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const user = await seedUserWithPassword({ firstName: 'Taylor' });
    await signIn(admin);
    await page.goto(adminScreens.users);
    await searchUsers(page).fill(user.email);
    const row = listRow(page, user.email);

    // Cancel changes nothing.
    await row.getByRole('button', { name: `Reset Password: ${user.email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset password?' });
    await expect(confirm).toContainText(`${user.email} gets a new random temporary password`);
    await snap('admin-users-reset-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);

    await row.getByRole('button', { name: `Reset Password: ${user.email}` }).click();
    await confirm.getByRole('button', { name: 'Reset Password' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary password' });
    const passwordText = shown.getByTestId('temporary-password');
    await expect(passwordText).toHaveText(/^[A-Za-z0-9_-]{16}$/);
    const temporaryPassword = (await passwordText.textContent())!.trim();
    // The toast sits behind the modal (hidden from the accessibility tree while it is open).
    await expect(page.getByText(`Password reset for ${user.email}`, { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-users-temporary-password');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    // Shown once: opening the dialog again asks anew and shows no password.
    await row.getByRole('button', { name: `Reset Password: ${user.email}` }).click();
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId('temporary-password')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The user, on their own device: the old password is gone, the temporary one works.
    await withVisitor(browser, server.url, async (visitor) => {
      await visitor.goto('/login');
      await logInWithForm(visitor, user.email, user.password);
      await expectToast(visitor, 'Login Failed');
      await logInWithForm(visitor, user.email, temporaryPassword);
      await expect(visitor.getByText('Welcome, Taylor')).toBeVisible();
    });
  });
});

test.describe('database inspector /database-inspector', () => {
  test('lists the accounts on demand, with their state', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const pending = await seedUserWithPassword({ verified: false });
    const resting = await seedUserWithPassword({ isActive: false });
    await signIn(admin);
    await page.goto(adminScreens.databaseInspector);
    await expect(page.getByRole('heading', { name: 'Database Inspector', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Troubleshooting' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('database-inspector');

    await page.getByRole('button', { name: 'Inspect Production Database' }).click();
    const list = page.getByRole('list', { name: 'Database users' });
    await expect(list).toBeVisible();
    await expect(page.getByText(/^\d[\d,.\s]* users in the database$/)).toBeVisible();
    const pendingRow = list.getByRole('listitem').filter({ hasText: pending.email });
    await expect(pendingRow.getByText('Unverified', { exact: true })).toBeVisible();
    await expect(pendingRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(pendingRow.getByText('Riley Tester', { exact: false })).toBeVisible();
    const restingRow = list.getByRole('listitem').filter({ hasText: resting.email });
    await expect(restingRow.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(restingRow.getByText('Verified', { exact: true })).toBeVisible();
    const adminRow = list.getByRole('listitem').filter({ hasText: admin.email });
    await expect(adminRow.getByText('Admin', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('database-inspector-users');

    for (const link of await page.getByRole('link', { name: 'Back', exact: true }).all()) {
      await expect(link).toHaveAttribute('href', '/admin');
    }
    await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
