import {
  adminScreens,
  expectAdminSignInPrompt,
  listRow,
  recoveryScreens,
  searchUsers,
  tabPanel,
  watchAdminCalls,
} from './support/admin-helpers.ts';
import { signedInContext, stopLoginRedirect } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, type Page } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, screenTitle } from './support/helpers.ts';

async function logInAsAdmin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login to Admin Panel' }).click();
}

/** "/admin-verify-email" -> "admin-verify-email", for screenshot names. */
const screenName = (path: string) => path.slice(1);

test.describe('admin login /quick-admin', () => {
  test(
    'a wrong password is refused; an admin gets to /admin after a second',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, snap }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      await page.clock.install();
      await page.goto('/quick-admin');
      await expect(screenTitle(page, 'Admin Login')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login to Admin Panel' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('quick-admin');

      await logInAsAdmin(page, admin.email, 'not-the-password');
      await expectToast(page, 'Login Failed');
      await expect(page).toHaveURL(/\/quick-admin$/);
      await snap('quick-admin-failed');

      // Stop the page's clock so the one-second pause before the redirect can be measured exactly.
      await page.clock.pauseAt(Date.now() + 1_000);
      await logInAsAdmin(page, admin.email, admin.password);
      await expectToast(page, 'Login Successful', 'Redirecting to admin panel...');
      await snap('quick-admin-success');
      await page.clock.runFor(990);
      await expect(page).toHaveURL(/\/quick-admin$/);
      await page.clock.runFor(20);
      await page.waitForURL(/\/admin$/);
      await page.clock.resume();
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();

      // This device now remembers the admin address for the admin forms.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/quick-admin');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(admin.email);
    },
  );

  test('a plain user is told they are not an admin', async ({
    page,
    seedUserWithPassword,
    snap,
  }) => {
    const user = await seedUserWithPassword();
    await page.goto('/quick-admin');
    await logInAsAdmin(page, user.email, user.password);
    await expectToast(
      page,
      'Not an Admin',
      `You are signed in as ${user.email}, which has no admin access.`,
    );
    await expect(page).toHaveURL(/\/quick-admin$/);
    await snap('quick-admin-not-an-admin');
  });

  test(
    '?next= brings the admin back to the page that asked',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      const user = await seedUserWithPassword();
      await signIn(user);
      await page.goto(adminScreens.users);
      await expectAdminSignInPrompt(page, adminScreens.users);
      await page.getByRole('link', { name: 'Admin Login' }).click();
      await expect(page).toHaveURL(/\/quick-admin\?next=%2Fadmin-users$/);
      await logInAsAdmin(page, admin.email, admin.password);
      await expectToast(page, 'Login Successful');
      await page.waitForURL(/\/admin-users$/);
      await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
      await expect(searchUsers(page)).toBeVisible();
    },
  );
});

test.describe('admin screens without an admin session', () => {
  test(
    'a plain user sees the sign-in prompt on every screen, and no data',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn, snap }) => {
      const user = await seedUserWithPassword();
      await signIn(user);
      const calls = watchAdminCalls(page);
      for (const path of [adminScreens.users, ...recoveryScreens]) {
        await page.goto(path);
        await expectAdminSignInPrompt(page, path);
        await expect(page.getByText(`You are signed in as ${user.email}`)).toBeVisible();
        await expectNoHorizontalScroll(page);
        await snap(`access-user-${screenName(path)}`);
      }
      // The emergency page's status panel says who the visitor is to the server.
      await page.goto(adminScreens.emergencyAccess);
      await expect(
        page.getByText(`Your session: Signed in as ${user.email}, not an admin`),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Login Page' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Recovery tools' })).toHaveCount(0);
      expect(calls).toEqual([]);
    },
  );

  test(
    'a visitor sees the sign-in prompt on the recovery tools',
    PHONE_ONLY,
    async ({ page, snap }) => {
      const calls = watchAdminCalls(page);
      for (const path of recoveryScreens) {
        await page.goto(path);
        await expectAdminSignInPrompt(page, path);
        await expect(page.getByText('This tool is for administrators.')).toBeVisible();
        await expectNoHorizontalScroll(page);
        await snap(`access-visitor-${screenName(path)}`);
      }
      await page.goto(adminScreens.emergencyAccess);
      await expect(page.getByText('Your session: Not signed in')).toBeVisible();
      await expect(page.getByText('Database: Connected')).toBeVisible();
      expect(calls).toEqual([]);
    },
  );

  test(
    'a visitor is sent to sign in from the signed-in-only admin screens',
    PHONE_ONLY,
    async ({ page }) => {
      for (const path of [adminScreens.users, '/admin-test']) {
        // Keep the page (and its toast) until the toast has been seen, then let it go.
        const { redirected, release } = await stopLoginRedirect(page);
        await page.goto(path);
        await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
        await redirected;
        await release();
        await page.goto('/api/login');
        await expect(page).toHaveURL(/\/login$/);
      }
    },
  );
});

test.describe('an admin demoted while the panel is open', () => {
  test(
    'the next action is refused with a toast, and a reload shows the prompt',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, signIn, snap }) => {
      const demoted = await seedUserWithPassword({ role: 'admin' });
      const other = await seedUserWithPassword({ role: 'admin' });
      const member = await seedUserWithPassword();
      await signIn(demoted);
      await page.goto(adminScreens.panel);
      await searchUsers(page).fill(member.email);
      const row = listRow(tabPanel(page), member.email);
      await expect(row.getByRole('button', { name: `Make Admin: ${member.email}` })).toBeVisible();

      // The other admin, on their own device, takes the admin role away.
      const context = await signedInContext(browser, server, other.id);
      try {
        const otherPage = await context.newPage();
        await otherPage.goto(adminScreens.workingAdmin);
        await searchUsers(otherPage).fill(demoted.email);
        await otherPage.getByRole('switch', { name: `Admin: ${demoted.email}` }).click();
        await expectToast(otherPage, 'Role Updated', `${demoted.email} is now a user.`);
      } finally {
        await context.close();
      }

      await row.getByRole('button', { name: `Make Admin: ${member.email}` }).click();
      await expectToast(page, 'Error', 'Forbidden: admin access is required.');
      // Still the panel: no crash, no blank screen.
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      await snap('admin-panel-demoted-refused');

      await page.reload();
      await expectAdminSignInPrompt(page, adminScreens.panel);
    },
  );
});
