import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { allowClipboard, contestCard, readClipboard } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

test.describe('contests list', () => {
  test(
    'a new owner is invited to create a first contest',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn, snap }) => {
      await signIn(await seedUserWithPassword());
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create Your First Contest' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create New Contest' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('contests-empty');

      await page.getByRole('link', { name: 'Create Contest', exact: true }).click();
      await expect(page).toHaveURL(/\/contest-builder$/);
      await expect(page.getByRole('heading', { name: 'Create a New Contest' })).toBeVisible();
    },
  );

  test('cards show status, prize, contestants and time left', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const active = await seedContest(server.db, owner.id, {
      title: 'Summer Shred Challenge',
      description: 'Twelve weeks of training, one winner.',
      prizeDetails: '3 months of personal training',
      prizeValue: '$450',
      endDate: fromNow({ days: 3, hours: 5, minutes: 30 }),
      maxEntries: 100,
    });
    await seedEntries(server, active.id, [
      { name: 'Alice Johnson', email: 'alice@example.com' },
      { name: 'Bob Smith', email: 'bob@example.com' },
    ]);
    const hours = await seedContest(server.db, owner.id, {
      title: 'Protein Bundle',
      prizeDetails: 'A box of protein bars',
      prizeValue: null,
      endDate: fromNow({ hours: 5, minutes: 30 }),
    });
    await seedEntries(server, hours.id, [{ name: 'Cara Diaz', email: 'cara@example.com' }]);
    await seedContest(server.db, owner.id, {
      title: 'Last Call Giveaway',
      endDate: fromNow({ minutes: 45, hours: 0 }),
    });
    await seedContest(server.db, owner.id, {
      title: 'Winter Warmup',
      endDate: fromNow({ days: -2 }),
    });
    await seedContest(server.db, owner.id, { title: 'Draft Idea', state: 'draft' });
    await seedContest(server.db, owner.id, { title: 'On Hold', state: 'paused' });
    // Someone else's contest never shows up here.
    const stranger = await seedUserWithPassword();
    await seedContest(server.db, stranger.id, { title: 'Not Yours' });

    await signIn(owner);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Create New Contest' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Your First Contest' })).toHaveCount(0);
    await expect(page.getByRole('listitem')).toHaveCount(6);
    await expect(contestCard(page, 'Not Yours')).toHaveCount(0);

    const summer = contestCard(page, 'Summer Shred Challenge');
    await expect(summer.getByText('Active', { exact: true })).toBeVisible();
    await expect(summer.getByText('Twelve weeks of training, one winner.')).toBeVisible();
    await expect(summer.getByText('3 months of personal training ($450)')).toBeVisible();
    await expect(summer.getByText('2 entries of 100')).toBeVisible();
    await expect(summer.getByText('3d 5h left')).toBeVisible();
    await expect(summer.getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      `/dashboard/${active.id}`,
    );
    await expect(summer.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/contest-edit/${active.id}`,
    );
    await expect(summer.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(summer.getByRole('button', { name: 'Delete' })).toBeVisible();

    const protein = contestCard(page, 'Protein Bundle');
    await expect(protein.getByText('A box of protein bars', { exact: true })).toBeVisible();
    await expect(protein.getByText('1 entry', { exact: true })).toBeVisible();
    await expect(protein.getByText('5h left', { exact: true })).toBeVisible();

    const lastCall = contestCard(page, 'Last Call Giveaway');
    await expect(lastCall.getByText(/^4[45]m left$/)).toBeVisible();
    await expect(lastCall.getByText('0 entries', { exact: true })).toBeVisible();

    const winter = contestCard(page, 'Winter Warmup');
    await expect(winter.getByText('Ended', { exact: true })).toHaveCount(2); // badge and time
    await expect(contestCard(page, 'Draft Idea').getByText('Draft', { exact: true })).toBeVisible();
    await expect(contestCard(page, 'On Hold').getByText('Paused', { exact: true })).toBeVisible();

    await expectNoHorizontalScroll(page);
    await snap('contests-list');

    await summer.getByRole('link', { name: 'Manage' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${active.id}$`));
    await expect(page.getByRole('heading', { name: 'Summer Shred Challenge' })).toBeVisible();
    await page.goBack();
    await contestCard(page, 'Summer Shred Challenge').getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/contest-edit/${active.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Contest' })).toBeVisible();
  });

  test(
    'Copy link puts the public link on the clipboard',
    PHONE_ONLY,
    async ({ page, context, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Share Me' });
      await allowClipboard(context, server.url);
      await signIn(owner);
      await page.goto('/');

      await contestCard(page, 'Share Me').getByRole('button', { name: 'Copy link' }).click();
      await expectToast(
        page,
        'Link Copied!',
        'Contest entry link has been copied to your clipboard.',
      );
      expect(await readClipboard(page)).toBe(`${server.url}/c/${contest.id}`);
      await snap('contests-link-copied');
    },
  );

  test('Delete asks first, then removes the contest and its entries', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const doomed = await seedContest(server.db, owner.id, { title: 'Old "Spring" Raffle' });
    await seedEntries(server, doomed.id, [{ name: 'Dee Entrant', email: 'dee@example.com' }]);
    await seedContest(server.db, owner.id, { title: 'Keeper Contest' });
    await signIn(owner);
    await page.goto('/');

    const card = contestCard(page, 'Old "Spring" Raffle');
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete contest?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete "Old "Spring" Raffle"? This action cannot be undone and will remove all contest entries.',
    );
    await expectNoHorizontalScroll(page);
    await snap('contests-delete-dialog');

    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete contest?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Contest Deleted', 'Contest has been successfully deleted.');
    await expect(card).toHaveCount(0);
    await expect(contestCard(page, 'Keeper Contest')).toBeVisible();
    await snap('contests-deleted');

    const left = await server.db.select().from(contests).where(eq(contests.id, doomed.id));
    expect(left).toEqual([]);

    // Deleting the last one brings the empty state back.
    await contestCard(page, 'Keeper Contest').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete contest?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create Your First Contest' })).toBeVisible();
  });
  test('long unbroken words never make a screen scroll sideways', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    const contest = await seedContest(server.db, owner.id, {
      title: `${word} Giveaway`,
      description: `${word} ${word}`,
      prizeDetails: word,
      prizeValue: '$1,000,000,000,000',
      maxEntries: 1_000_000,
      confirmationMessage: word,
    });
    await seedEntries(server, contest.id, [
      { name: word, email: `${word.toLowerCase()}@${word.toLowerCase()}.example.com` },
    ]);
    await signIn(owner);

    await page.goto('/');
    await expect(contestCard(page, `${word} Giveaway`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('long-words-list');

    await page.goto(`/dashboard/${contest.id}`);
    await expect(page.getByRole('heading', { name: `${word} Giveaway` })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Contest Entries' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await snap('long-words-dashboard');

    await page.goto(`/contest-edit/${contest.id}`);
    await expect(page.getByLabel('Contest title', { exact: true })).toHaveValue(`${word} Giveaway`);
    await expectNoHorizontalScroll(page);

    await page.goto(`/c/${contest.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} Giveaway`);
    await expectNoHorizontalScroll(page);
    await snap('long-words-public');
  });
});
