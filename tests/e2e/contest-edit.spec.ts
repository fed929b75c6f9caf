import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { contestCard, dateTimeLocal } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

test.describe('contest edit', () => {
  test('the form is filled with the contest and saves changes', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const endDate = fromNow({ days: 10, hours: 4 });
    endDate.setSeconds(0, 0);
    const contest = await seedContest(server.db, owner.id, {
      title: 'Summer Shred Challenge',
      description: 'Twelve weeks of training.',
      prizeDetails: '3 months of personal training',
      prizeValue: '$450',
      endDate,
      maxEntries: 50,
      confirmationMessage: 'See you at the gym!',
    });
    await signIn(owner);
    await page.goto('/');
    await contestCard(page, 'Summer Shred Challenge').getByRole('link', { name: 'Edit' }).click();

    await expect(page).toHaveURL(new RegExp(`/contest-edit/${contest.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Contest' })).toBeVisible();
    await expect(field(page, 'Contest title')).toHaveValue('Summer Shred Challenge');
    await expect(field(page, 'Description')).toHaveValue('Twelve weeks of training.');
    await expect(field(page, 'Prize details')).toHaveValue('3 months of personal training');
    await expect(field(page, 'Prize value (optional)')).toHaveValue('$450');
    await expect(field(page, 'End date and time')).toHaveAttribute('type', 'datetime-local');
    await expect(field(page, 'End date and time')).toHaveValue(dateTimeLocal(endDate));
    await expect(field(page, 'Max entries (optional)')).toHaveValue('50');
    await expect(field(page, 'Custom confirmation message (optional)')).toHaveValue(
      'See you at the gym!',
    );
    await expectNoHorizontalScroll(page);
    await snap('edit-prefilled');

    // Blank required fields get the edit screen's own wording.
    await field(page, 'Contest title').fill('');
    await field(page, 'Description').fill('  ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(field(page, 'Contest title')).toHaveAccessibleDescription('Title is required');
    await expect(field(page, 'Description')).toHaveAccessibleDescription('Description is required');
    await expect(page).toHaveURL(new RegExp(`/contest-edit/${contest.id}$`));
    await snap('edit-required');

    const newEnd = fromNow({ days: 20 });
    await field(page, 'Contest title').fill('Summer Shred Challenge 2.0');
    await expect(page.getByRole('alert').filter({ hasText: 'Title is required' })).toHaveCount(0);
    await field(page, 'Description').fill('Now sixteen weeks of training.');
    await field(page, 'Prize value (optional)').fill('');
    await field(page, 'End date and time').fill(dateTimeLocal(newEnd));
    await field(page, 'Max entries (optional)').fill(''); // blank means unlimited
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Contest Updated');
    await expect(page).toHaveURL(/\/$/);
    const card = contestCard(page, 'Summer Shred Challenge 2.0');
    await expect(card).toBeVisible();
    await expect(card.getByText('3 months of personal training', { exact: true })).toBeVisible();
    await expect(card.getByText(/^(19d 23h|20d 0h) left$/)).toBeVisible();
    await snap('edit-saved');

    const [saved] = await server.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(saved).toMatchObject({
      title: 'Summer Shred Challenge 2.0',
      description: 'Now sixteen weeks of training.',
      prizeValue: null,
      maxEntries: null,
      confirmationMessage: 'See you at the gym!',
    });
    expect(dateTimeLocal(saved!.endDate)).toBe(dateTimeLocal(newEnd));
  });

  test(
    'the number of winners changes until the first draw, then it is locked',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Podium Night' });
      await seedEntries(server, contest.id, [
        { name: 'Maya Chen', email: 'maya@example.com' },
        { name: 'Priya Nair', email: 'priya@example.com' },
        { name: 'Sam Okafor', email: 'sam@example.com' },
      ]);
      await signIn(owner);
      await page.goto(`/contest-edit/${contest.id}`);
      const winners = field(page, 'Number of winners');
      await expect(winners).toHaveValue('1');
      await expect(winners).toBeEnabled();
      await winners.fill('2');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Contest Updated');
      await expect(contestCard(page, 'Podium Night').getByText('2 winners')).toBeVisible();

      // The first draw fixes the places: the form shows the number, locked, and says why.
      const drawn = await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} });
      expect(drawn.ok()).toBe(true);
      await page.goto(`/contest-edit/${contest.id}`);
      await expect(winners).toHaveValue('2');
      await expect(winners).toBeDisabled();
      await expect(winners).toHaveAccessibleDescription(
        'Fixed by the first draw: the public draw record counts these places.',
      );
      await expectNoHorizontalScroll(page);
      await snap('edit-winners-locked');

      // The rest of the contest can still be edited.
      await field(page, 'Contest title').fill('Podium Night, drawn');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Contest Updated');
      const [saved] = await server.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(saved).toMatchObject({ title: 'Podium Night, drawn', winnersCount: 2 });
    },
  );

  test(
    'Cancel and the back link return to the list without saving',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Keep Me As I Am' });
      await signIn(owner);
      await page.goto(`/contest-edit/${contest.id}`);
      await field(page, 'Contest title').fill('Changed my mind');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(contestCard(page, 'Keep Me As I Am')).toBeVisible();

      await page.goto(`/contest-edit/${contest.id}`);
      await expect(field(page, 'Contest title')).toHaveValue('Keep Me As I Am');
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/$/);
    },
  );

  test('an unknown contest, or someone else’s, is not found', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const stranger = await seedUserWithPassword();
    const theirs = await seedContest(server.db, stranger.id, { title: 'Not Yours To Edit' });
    await signIn(owner);

    await page.goto(`/contest-edit/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Contest not found' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('edit-not-found');

    await page.goto(`/contest-edit/${theirs.id}`);
    await expect(page.getByRole('heading', { name: 'Contest not found' })).toBeVisible();
    await expect(field(page, 'Contest title')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
  });
});
