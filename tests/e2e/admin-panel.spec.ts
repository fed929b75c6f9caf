import type { Locator } from '@playwright/test';
import { seedEntries } from '#server/testing/seed.ts';
import {
  adminScreens,
  countFigures,
  deleteAsOwner,
  drawAsOwner,
  expectAdminSignInPrompt,
  expectStatCards,
  expectStatValuesFit,
  listRow,
  localeNumber,
  resetAsOwner,
  searchContests,
  searchDraws,
  searchUsers,
  seedWinner,
  tabPanel,
  uniqueToken,
  watchAdminCalls,
} from './support/admin-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectLinks, expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

test.describe('admin panel /admin', () => {
  test('shows the platform figures and the tools', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin', firstName: 'Avery' });
    await signIn(admin);
    const before = await countFigures(server.db);

    // Known data on top of what the worker's earlier tests left: 2 more users (1 inactive),
    // 3 more contests of which only 1 is active (one paused, one ended), 4 more entries.
    const owner = await seedUserWithPassword();
    await seedUserWithPassword({ isActive: false });
    const open = await seedContest(server.db, owner.id);
    await seedContest(server.db, owner.id, { state: 'paused' });
    const ended = await seedContest(server.db, owner.id, { endDate: fromNow({ days: -1 }) });
    await seedEntries(server, open.id, [
      { name: 'Ann', email: 'ann@example.com' },
      { name: 'Ben', email: 'ben@example.com' },
      { name: 'Cat', email: 'cat@example.com' },
    ]);
    await seedWinner(server.db, ended.id);
    const expected = {
      totalUsers: before.totalUsers + 2,
      activeUsers: before.activeUsers + 1,
      totalContests: before.totalContests + 3,
      activeContests: before.activeContests + 1,
      totalEntries: before.totalEntries + 4,
    };
    expect(await countFigures(server.db)).toEqual(expected);

    // Hold the current-user answer back until the loading text has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(adminScreens.panel);
    await expect(page.locator('p', { hasText: 'Loading admin dashboard...' })).toBeVisible();
    await snap('admin-panel-loading');
    release();

    await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();
    await expectStatCards(page, expected);
    await expectStatValuesFit(page);

    const tools = page.getByRole('navigation', { name: 'Admin tools' });
    await expectLinks(tools, [
      ['User Management', '/admin-users'],
      ['Database Inspector', '/database-inspector'],
      ['Password Reset', '/database-reset'],
      ['Email Verification', '/admin-verify-production'],
    ]);
    await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Latest admin actions' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-panel');

    await tools.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/admin-users$/);
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  });

  test(
    'User Management: search, roles and status, own row locked',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn, snap }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      const member = await seedUserWithPassword({ firstName: 'Morgan' });
      await signIn(admin);
      await page.goto(adminScreens.panel);

      // Case-insensitive search by any part of the address ("ER.LX2K9A3@EXAMPLE").
      await searchUsers(page).fill(member.email.toUpperCase().slice(3, -4));
      const row = listRow(tabPanel(page), member.email);
      await expect(row).toBeVisible();
      await expect(page.getByText('1 user', { exact: true })).toBeVisible();
      await expect(row.getByText('User', { exact: true })).toBeVisible();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await snap('admin-panel-users-search');

      await row.getByRole('button', { name: `Make Admin: ${member.email}` }).click();
      await expectToast(page, 'Role Updated', `${member.email} is now an admin.`);
      await expect(row.getByText('Admin', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: `Remove Admin: ${member.email}` }).click();
      await expectToast(page, 'Role Updated', `${member.email} is now a user.`);
      await expect(row.getByRole('button', { name: `Make Admin: ${member.email}` })).toBeVisible();

      await row.getByRole('button', { name: `Deactivate: ${member.email}` }).click();
      await expectToast(page, 'Status Updated', `${member.email} is now inactive.`);
      await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
      await snap('admin-panel-user-deactivated');
      await row.getByRole('button', { name: `Activate: ${member.email}` }).click();
      await expectToast(page, 'Status Updated', `${member.email} is now active.`);
      await expect(row.getByText('Active', { exact: true })).toBeVisible();

      // The admin's own row: both buttons there, both disabled.
      await searchUsers(page).fill(admin.email);
      const own = listRow(tabPanel(page), admin.email);
      await expect(
        own.getByRole('button', { name: /^Remove Admin: .*not allowed/ }),
      ).toBeDisabled();
      await expect(own.getByRole('button', { name: /^Deactivate: .*not allowed/ })).toBeDisabled();

      await searchUsers(page).fill(`no-such-user-${uniqueToken()}`);
      await expect(page.getByText('No users found matching your search.')).toBeVisible();
      await expect(page.getByText('0 users', { exact: true })).toBeVisible();

      // The latest actions card tells who did what, newest first.
      const actions = page.getByRole('listitem').filter({ hasText: `${admin.email} ` });
      await expect(actions.nth(0)).toContainText(`${admin.email} activated ${member.email}`);
      await expect(actions.nth(1)).toContainText(`${admin.email} deactivated ${member.email}`);
      await expect(actions.nth(2)).toContainText(
        `${admin.email} removed the admin role of ${member.email}`,
      );
      await expect(actions.nth(3)).toContainText(`${admin.email} made ${member.email} an admin`);
      await expectNoHorizontalScroll(page);
      await snap('admin-panel-latest-actions');
    },
  );

  test('Contest Management: search, badges and delete', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const owner = await seedUserWithPassword({ firstName: 'Olive' });
    const token = uniqueToken();
    await seedContest(server.db, owner.id, { title: `Open ${token} Raffle` });
    await seedContest(server.db, owner.id, { title: `Paused ${token} Raffle`, state: 'paused' });
    const ended = await seedContest(server.db, owner.id, {
      title: `Ended ${token} Raffle`,
      endDate: fromNow({ days: -2 }),
    });
    await seedWinner(server.db, ended.id);
    await signIn(admin);
    await page.goto(adminScreens.panel);

    await page.getByRole('tab', { name: 'Contest Management' }).click();
    await searchContests(page).fill(token.toUpperCase());
    await expect(page.getByText('3 contests', { exact: true })).toBeVisible();
    const open = listRow(tabPanel(page), `Open ${token} Raffle`);
    const paused = listRow(tabPanel(page), `Paused ${token} Raffle`);
    const done = listRow(tabPanel(page), `Ended ${token} Raffle`);
    await expect(open.getByText('Active', { exact: true })).toBeVisible();
    await expect(paused.getByText('Paused', { exact: true })).toBeVisible();
    await expect(done.getByText('Ended', { exact: true })).toBeVisible();
    await expect(done.getByText('Winner Selected', { exact: true })).toBeVisible();
    await expect(open.getByText('Winner Selected', { exact: true })).toHaveCount(0);
    await expect(done.getByText(`By Olive Tester (${owner.email})`)).toBeVisible();
    await expect(done.getByText(/^1 entry · Ended /)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-panel-contests');

    await done.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(
      dialog.getByText(
        `Are you sure you want to delete "Ended ${token} Raffle"? This action cannot be undone and will remove all contest entries.`,
      ),
    ).toBeVisible();
    await snap('admin-panel-contest-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Contest Deleted', 'Contest has been successfully deleted.');
    await expect(dialog).toHaveCount(0);
    await expect(done).toHaveCount(0);
    await expect(page.getByText('2 contests', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `${admin.email} deleted the contest Ended ${token} Raffle` }),
    ).toBeVisible();

    await searchContests(page).fill(`nothing-${token}`);
    await expect(page.getByText('No contests found matching your search.')).toBeVisible();
  });

  test('Draw History: a deleted contest’s re-roll stays on record', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const owner = await seedUserWithPassword({ firstName: 'Olive' });
    const token = uniqueToken();
    // The owner draws, dislikes the winner, resets (which disqualifies them), picks another by
    // hand, then deletes the contest.
    const rerolled = await seedContest(server.db, owner.id, { title: `Rerolled ${token} Raffle` });
    const names = ['Ann Archer', 'Ben Brooks', 'Cat Cole'];
    await seedEntries(
      server,
      rerolled.id,
      names.map((name) => ({ name, email: `${name.replace(' ', '.').toLowerCase()}@example.com` })),
    );
    const first = await drawAsOwner(server, owner, rerolled.id);
    await resetAsOwner(server.db, owner, rerolled.id);
    // A disqualified entrant is out of the draw for good: the hand pick is one of the others.
    const picked = names.find((name) => name !== first)!;
    await drawAsOwner(server, owner, rerolled.id, picked);
    await deleteAsOwner(server.db, owner, rerolled.id);
    const live = await seedContest(server.db, owner.id, { title: `Live ${token} Raffle` });
    await seedEntries(server, live.id, [{ name: 'Dee Dale', email: 'dee.dale@example.com' }]);
    await drawAsOwner(server, owner, live.id);
    await signIn(admin);
    await page.goto(adminScreens.panel);

    await page.getByRole('tab', { name: 'Draw History' }).click();
    await searchDraws(page).fill(token.toUpperCase());
    await expect(page.getByText('4 draw records', { exact: true })).toBeVisible();
    const rows = tabPanel(page).getByRole('listitem');
    await expect(rows).toHaveCount(4);
    const deletedBadge = (row: Locator) => row.getByText('Deleted', { exact: true });
    await expect(rows.nth(0)).toContainText(`Live ${token} Raffle`);
    await expect(rows.nth(0)).toContainText('Random draw: Dee Dale (1 entry)');
    await expect(deletedBadge(rows.nth(0))).toHaveCount(0);
    const expected = [
      [`Picked by hand: ${picked} (3 entries)`, 'Drawn'],
      [`Disqualified: ${first} (3 entries)`, 'Disqualified'],
      [`Random draw: ${first} (3 entries)`, 'Drawn'],
    ];
    for (const [index, [summary, act]] of expected.entries()) {
      const row = rows.nth(index + 1);
      await expect(row).toContainText(`Rerolled ${token} Raffle`);
      await expect(deletedBadge(row)).toBeVisible();
      await expect(row).toContainText(`By ${owner.email}`);
      await expect(row).toContainText(summary!);
      await expect(row).toContainText(`${act} by ${owner.email} · `);
    }
    await expectNoHorizontalScroll(page);
    await snap('admin-panel-draw-history');

    // An admin's delete keeps the record too: the live contest's draw is now marked deleted.
    await page.getByRole('tab', { name: 'Contest Management' }).click();
    await searchContests(page).fill(token);
    await listRow(tabPanel(page), `Live ${token} Raffle`)
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Contest Deleted', 'Contest has been successfully deleted.');
    await page.getByRole('tab', { name: 'Draw History' }).click();
    await searchDraws(page).fill(token);
    await expect(rows).toHaveCount(4);
    await expect(deletedBadge(rows.nth(0))).toBeVisible();
    await expect(rows.nth(0)).toContainText('Random draw: Dee Dale (1 entry)');
  });

  test('Back to Home and Logout', PHONE_ONLY, async ({ page, seedUserWithPassword, signIn }) => {
    const admin = await seedUserWithPassword({ role: 'admin', firstName: 'Avery' });
    await signIn(admin);
    await page.goto(adminScreens.panel);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Avery')).toBeVisible();

    await page.goto(adminScreens.panel);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Log in', exact: true }),
    ).toBeVisible();
    await page.goto(adminScreens.panel);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor is told to sign in and sent to /login', PHONE_ONLY, async ({ page, snap }) => {
    const calls = watchAdminCalls(page);
    await page.goto(adminScreens.panel);
    await expectToast(page, 'Authentication Required', 'Please log in to access the admin panel');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await snap('admin-panel-signed-out');
    expect(calls).toEqual([]);
  });

  test('a plain user sees the admin sign-in prompt and no figures', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const user = await seedUserWithPassword();
    await signIn(user);
    const calls = watchAdminCalls(page);
    await page.goto(adminScreens.panel);
    await expectAdminSignInPrompt(page, adminScreens.panel);
    await expect(page.getByText(`You are signed in as ${user.email}`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('admin-panel-plain-user');
    expect(calls).toEqual([]);
  });
});

test.describe('admin test /admin-test', () => {
  test('any signed-in user sees the sample figures', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    await signIn(await seedUserWithPassword());
    await page.goto('/admin-test');
    await expect(page.getByRole('note')).toContainText('Sample figures.');
    await expectStatCards(page, {
      totalUsers: 1248,
      activeUsers: 1193,
      totalContests: 342,
      activeContests: 57,
      totalEntries: 48_610,
    });
    await expectStatValuesFit(page);
    await expectNoHorizontalScroll(page);
    await snap('admin-test');
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('working admin /working-admin', () => {
  test('figures, users with switches, read-only contests, tool links', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const member = await seedUserWithPassword({ firstName: 'Morgan' });
    const token = uniqueToken();
    const contest = await seedContest(server.db, member.id, { title: `Working ${token} Prize` });
    await seedWinner(server.db, contest.id);
    await signIn(admin);
    const figures = await countFigures(server.db);

    await page.goto(adminScreens.workingAdmin);
    await expect(page.getByRole('heading', { name: 'Working Admin', level: 1 })).toBeVisible();
    await expectStatCards(page, figures);
    await expect(
      page.getByRole('tab', { name: `Users (${await localeNumber(page, figures.totalUsers)})` }),
    ).toBeVisible();
    await expect(
      page.getByRole('tab', {
        name: `Contests (${await localeNumber(page, figures.totalContests)})`,
      }),
    ).toBeVisible();
    const tools = page.getByRole('navigation', { name: 'Admin tools' });
    await expectLinks(tools, [
      ['Verify Email', '/admin-verify-email'],
      ['Reset Password', '/admin-password-reset'],
      ['Email Debug', '/email-debug'],
    ]);
    await expectNoHorizontalScroll(page);
    await snap('working-admin');

    await searchUsers(page).fill(member.email);
    const adminSwitch = page.getByRole('switch', { name: `Admin: ${member.email}` });
    const activeSwitch = page.getByRole('switch', { name: `Active: ${member.email}` });
    await expect(adminSwitch).not.toBeChecked();
    await expect(activeSwitch).toBeChecked();
    await adminSwitch.click();
    await expectToast(page, 'Role Updated', `${member.email} is now an admin.`);
    await expect(adminSwitch).toBeChecked();
    await activeSwitch.click();
    await expectToast(page, 'Status Updated', `${member.email} is now inactive.`);
    await expect(activeSwitch).not.toBeChecked();
    await expect(
      listRow(tabPanel(page), member.email).getByText('Inactive', { exact: true }),
    ).toBeVisible();
    await snap('working-admin-switches');
    await adminSwitch.click();
    await expectToast(page, 'Role Updated', `${member.email} is now a user.`);
    await expect(adminSwitch).not.toBeChecked();

    await searchUsers(page).fill(admin.email);
    await expect(page.getByRole('switch', { name: `Admin: ${admin.email}` })).toBeDisabled();
    await expect(page.getByRole('switch', { name: `Active: ${admin.email}` })).toBeDisabled();

    await page.getByRole('tab', { name: /^Contests/ }).click();
    await searchContests(page).fill(token);
    const row = listRow(tabPanel(page), `Working ${token} Prize`);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Winner Selected', { exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('working-admin-contests');

    await tools.getByRole('link', { name: 'Email Debug' }).click();
    await expect(page).toHaveURL(/\/email-debug$/);
  });
});
