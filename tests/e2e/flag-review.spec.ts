import { sql } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The owner's review of flagged entries before the first draw (docs/product.md#flagged-entries):
 * nobody is left out without the owner seeing it, per flag or per entry.
 */
test('the owner reviews flagged entries per flag and per entry before the draw', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, { title: 'Flag Review Giveaway' });
  await seedEntries(server, contest.id, [
    { name: 'Honest Hannah', email: 'hannah@example.com' },
    { name: 'Steady Sam', email: 'sam@example.com' },
    { name: 'Quick Quinn', email: 'quinn@example.com' },
    { name: 'Fast Fiona', email: 'fiona@example.com' },
    { name: 'Gym Gary', email: 'gary@example.com' },
    { name: 'Twice Tina', email: 't.ina@gmail.com' },
  ]);
  const flag = (email: string, flags: string[]) =>
    server.db
      .update(contestEntries)
      .set({ flags: flags as never })
      .where(
        sql`${contestEntries.email} = ${email} and ${contestEntries.contestId} = ${contest.id}`,
      );
  await flag('quinn@example.com', ['fast-submit']);
  await flag('fiona@example.com', ['fast-submit']);
  await flag('gary@example.com', ['address-burst']);
  await flag('t.ina@gmail.com', ['alias']);

  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);
  const review = page.getByRole('region', { name: '4 entries are flagged' });
  await expect(review).toBeVisible();
  await expect(review.getByText('3 entries are in the draw.', { exact: false })).toBeVisible();
  const fastSubmit = review.getByRole('group', { name: 'Fast submit entries' });
  await expect(fastSubmit.getByRole('button', { name: 'In the draw' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    review.getByRole('group', { name: 'Alias entries' }).getByRole('button', { name: 'Left out' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoHorizontalScroll(page);
  await snap('flag-review');

  // Every fast submit out, then one of them back in, from the list.
  await fastSubmit.getByRole('button', { name: 'Left out' }).click();
  await expectToast(page, 'Left Out');
  await expect(review.getByText('1 entry is in the draw.', { exact: false })).toBeVisible();

  const entries = page.getByRole('region', { name: 'Contest Entries' });
  await entries.getByRole('tab', { name: 'Flagged' }).click();
  const quinn = entries.getByRole('listitem').filter({ hasText: 'Quick Quinn' });
  await expect(quinn.getByText('Left out', { exact: true }).first()).toBeVisible();
  await quinn
    .getByRole('group', { name: "Quick Quinn's entry" })
    .getByRole('button', { name: 'In the draw' })
    .click();
  await expectToast(page, 'In the Draw');
  await expect(quinn.getByText('Your choice for this entry.')).toBeVisible();
  await expect(review.getByText('2 entries are in the draw.', { exact: false })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('flag-review-entries');
});
