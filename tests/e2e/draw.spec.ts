import { eq } from 'drizzle-orm';
import { contestEntries, contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const entrants = [
  { name: 'Maya Chen', email: 'maya@example.com' },
  { name: 'Jordan Alvarez-Whitfield the Third', email: 'jordan@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
];

test('the owner spins, the wheel lands on the winner the server drew, then resets and spins again', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, { title: 'Wheel night' });
  await seedEntries(server, contest.id, entrants);
  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);

  const draw = page.getByRole('region', { name: 'Spin to Choose Winner' });
  const spinButton = draw.getByRole('button', { name: 'SPIN', exact: true });
  await expect(draw.getByText('3 entries on the wheel')).toBeVisible();
  await snap('draw-idle');

  await spinButton.click();
  await expect(draw.getByRole('button', { name: 'SPINNING...' })).toBeDisabled();
  await expectToast(page, 'Winner Selected!');

  const [stored] = await server.db
    .select({ winnerId: contests.winnerId })
    .from(contests)
    .where(eq(contests.id, contest.id));
  const [winner] = await server.db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.id, stored!.winnerId!));
  const announcement = draw.getByRole('status');
  await expect(announcement).toContainText(winner!.name);
  await expect(announcement).toContainText(winner!.email);
  await expect(announcement).toContainText('Selected on');
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
  // The entries list marks the same winner.
  await expect(
    page.getByRole('listitem').filter({ hasText: winner!.email }).getByLabel('Winner'),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('draw-complete');

  await draw.getByRole('button', { name: 'Reset & Pick New Winner' }).click();
  await expectToast(page, 'Winner Reset!');
  await expect(spinButton).toBeEnabled();
  await spinButton.click();
  await expectToast(page, 'Winner Selected!');
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();

  await draw.getByText(/Draw history/).click();
  await expect(draw.getByText('Random draw', { exact: false })).toHaveCount(2);
  await expect(draw.getByText('Reset', { exact: true })).toBeVisible();
  await snap('draw-history');
});

test('with reduced motion the wheel skips the long spin and announces the winner', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id);
  await seedEntries(server, contest.id, entrants);
  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);
  const draw = page.getByRole('region', { name: 'Spin to Choose Winner' });
  await draw.getByRole('button', { name: 'SPIN', exact: true }).press('Enter');
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled({ timeout: 2000 });
});

test('an empty contest invites sharing instead of showing a wheel', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id);
  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);
  await expect(
    page.getByText('No entries yet. Share your contest link to get participants!'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'SPIN', exact: true })).toHaveCount(0);
});
