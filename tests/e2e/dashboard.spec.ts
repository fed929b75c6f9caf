import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import {
  allowClipboard,
  browserDate,
  readClipboard,
  statValue,
  stopLoginRedirect,
} from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

const entrants = [
  { name: 'Alice Johnson', email: 'alice.j@example.com', entryDate: fromNow({ days: -2 }) },
  { name: 'Bob Smith', email: 'bob@gym-pals.io', entryDate: fromNow({ days: -1 }) },
  { name: 'Carla Diaz', email: 'carla@example.org', entryDate: fromNow({ hours: -3 }) },
];

test.describe('contest dashboard', () => {
  test('a contest without entries invites sharing', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Summer Shred Challenge',
      description: 'Twelve weeks of training, one winner.',
      endDate: fromNow({ days: 3, hours: 5, minutes: 30 }),
    });
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    await expect(page.getByRole('heading', { name: 'Summer Shred Challenge' })).toBeVisible();
    await expect(page.getByText('Twelve weeks of training, one winner.')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(statValue(page, 'Total Registrants')).toHaveText('0');
    await expect(statValue(page, 'Time Left')).toHaveText('3d 5h');
    await expect(
      page.getByText('No entries yet. Share your contest link to get the first one.'),
    ).toBeVisible();
    await expect(page.getByText('No entries yet.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/contest-edit/${contest.id}`,
    );
    const publicLink = page.getByRole('link', { name: 'Open public page' });
    await expect(publicLink).toHaveAttribute('href', `/c/${contest.id}`);
    await expect(publicLink).toHaveAttribute('target', '_blank');
    await expectNoHorizontalScroll(page);
    await snap('dashboard-empty');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/contest-edit/${contest.id}$`));
    await page.goBack();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('entries are listed newest first and searched by name or e-mail', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Protein Bundle',
      endDate: fromNow({ hours: 7, minutes: 30 }),
    });
    await seedEntries(server, contest.id, entrants);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    await expect(statValue(page, 'Total Registrants')).toHaveText('3');
    await expect(statValue(page, 'Time Left')).toHaveText('7h');
    const list = page.getByRole('region', { name: 'Contest Entries' });
    const rows = list.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Carla Diaz');
    await expect(rows.nth(2)).toContainText('Alice Johnson');
    for (const entrant of entrants) {
      const row = rows.filter({ hasText: entrant.name });
      await expect(row.getByText(entrant.email, { exact: true })).toBeVisible();
      const shown = await browserDate(page, entrant.entryDate.toISOString(), {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      await expect(row.getByText(shown, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Showing 3 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    await expect(
      page.getByText('No entries yet. Share your contest link to get the first one.'),
    ).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('dashboard-entries');

    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await expect(search).toHaveAttribute('placeholder', 'Search entries...');
    await search.fill('ALICE');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Alice Johnson');
    await search.fill('Gym-Pals.IO');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Bob Smith');
    await search.fill('example');
    await expect(rows).toHaveCount(2);
    await snap('dashboard-search');
    await search.fill('nobody-like-this');
    await expect(list.getByText('No entries match your search.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await snap('dashboard-search-empty');
    await search.fill('');
    await expect(rows).toHaveCount(3);
  });

  test(
    'the owner pauses and resumes entries',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Pause Me' });
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);

      await page.getByRole('button', { name: 'Pause entries' }).click();
      await expectToast(
        page,
        'Entries Paused',
        'The contest takes no entries until you resume it.',
      );
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      const resume = page.getByRole('button', { name: 'Resume entries' });
      await expect(resume).toBeVisible();
      await snap('dashboard-paused');
      const [paused] = await server.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(paused!.isActive).toBe(false);

      await resume.click();
      await expectToast(page, 'Entries Resumed', 'The contest is taking entries again.');
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pause entries' })).toBeVisible();
    },
  );

  test(
    'an ended contest shows Ended and offers no pause',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Long Gone',
        endDate: fromNow({ days: -1 }),
      });
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await expect(page.getByRole('heading', { name: 'Long Gone' })).toBeVisible();
      await expect(statValue(page, 'Time Left')).toHaveText('Ended');
      await expect(page.getByText('Ended', { exact: true })).toHaveCount(2); // badge and card
      await expect(
        page.getByRole('button', { name: /Pause entries|Resume entries|Publish/ }),
      ).toHaveCount(0);
    },
  );

  test(
    'Copy Link and the QR code share the public link',
    PHONE_ONLY,
    async ({ page, context, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Share Widely' });
      const publicUrl = `${server.url}/c/${contest.id}`;
      await allowClipboard(context, server.url);
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);

      await page.getByRole('button', { name: 'Copy Link' }).click();
      await expectToast(
        page,
        'Link Copied!',
        'Contest entry link has been copied to your clipboard.',
      );
      expect(await readClipboard(page)).toBe(publicUrl);

      await page.getByRole('button', { name: 'QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'QR code for your contest' });
      await expect(dialog).toBeVisible();
      const image = dialog.getByRole('img', { name: `QR code linking to ${publicUrl}` });
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      await expect(dialog.getByText(publicUrl, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
        'download',
        'Share Widely-qr.png',
      );
      await expectNoHorizontalScroll(page);
      await snap('dashboard-qr-code');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    },
  );

  test(
    'Delete from the dashboard returns to the list',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Short Lived' });
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete contest?' });
      await expect(dialog).toHaveAccessibleDescription(
        'Are you sure you want to delete "Short Lived"? This action cannot be undone and will remove all contest entries.',
      );
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Contest Deleted', 'Contest has been successfully deleted.');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Create Your First Contest' })).toBeVisible();
    },
  );

  test('someone else’s contest, or a missing one, is not shown', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const stranger = await seedUserWithPassword();
    const theirs = await seedContest(server.db, stranger.id, { title: 'Private Business' });
    await seedEntries(server, theirs.id, entrants);
    await signIn(owner);

    await page.goto(`/dashboard/${theirs.id}`);
    await expect(
      page.getByText("This contest may have been deleted or you don't have access to it."),
    ).toBeVisible();
    await expect(page.getByText('Private Business')).toHaveCount(0);
    await expect(page.getByText('alice.j@example.com')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('dashboard-no-access');

    await page.goto(`/dashboard/${randomUUID()}`);
    await expect(
      page.getByText("This contest may have been deleted or you don't have access to it."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(
    'a signed-out visitor is sent to sign in',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Owners Only' });
      const redirect = await stopLoginRedirect(page);
      await page.goto(`/dashboard/${contest.id}`);
      await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
      await redirect.redirected;
      await expect(page.getByText('Owners Only')).toHaveCount(0);
      await redirect.release();
      await page.goto(`/dashboard/${contest.id}`);
      await expect(page).toHaveURL(/\/login$/);
    },
  );
});
