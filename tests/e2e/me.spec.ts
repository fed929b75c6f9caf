import { eq, inArray } from 'drizzle-orm';
import { contestEntries, contests } from '#server/db/schema.ts';
import { meMessages } from '#shared/contracts/me.ts';
import { expect, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * An entrant's own page (docs/product.md#your-entries-me): the address, the mailed link, the
 * "Show my entries" button (opening the link changes nothing), the entries of every contest, the
 * consent withdrawn, the data downloaded and an entry withdrawn.
 */
test('an entrant asks for a link, sees their entries and withdraws one', async ({
  page,
  server,
  seedUserWithPassword,
  mailedLink,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const email = uniqueEmail('fan');
  const spring = await seedContest(server.db, owner.id, { title: 'Spring Yoga Retreat' });
  const summer = await seedContest(server.db, owner.id, { title: 'Summer Bike Giveaway' });
  await server.db.insert(contestEntries).values([
    {
      contestId: spring.id,
      name: 'Maya Chen',
      email,
      entryDate: new Date(Date.now() - 86_400_000),
      consentAt: new Date(Date.now() - 86_400_000),
      consentSha256: 'a'.repeat(64),
      country: 'FR',
    },
    { contestId: summer.id, name: 'Maya Chen', email },
  ]);
  // One confirmed entry each, counted as the app counts them.
  await server.db
    .update(contests)
    .set({ entryCount: 1 })
    .where(inArray(contests.id, [spring.id, summer.id]));

  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Your entries' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('me-ask');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').getByText(meMessages.linkSent)).toBeVisible();
  await snap('me-sent');

  const link = await mailedLink(email, '/me');
  await page.goto(link);
  const show = page.getByRole('button', { name: 'Show my entries' });
  await expect(show).toBeVisible();
  await snap('me-show');
  await show.click();

  const cards = page.getByRole('list', { name: 'Your entries' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page).toHaveURL(/\/me$/);
  await expect(cards.nth(0)).toContainText('Summer Bike Giveaway');
  await expect(cards.nth(1)).toContainText('Spring Yoga Retreat');
  await expect(cards.nth(1)).toContainText('Confirmed');
  await expectNoHorizontalScroll(page);
  await snap('me-list');

  await cards.nth(1).getByRole('button', { name: 'Withdraw consent' }).click();
  await expectToast(page, 'Consent withdrawn');
  await expect(cards.nth(1)).toContainText('No: withdrawn');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);

  await cards.nth(0).getByRole('button', { name: 'Withdraw my entry' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Withdraw this entry?' });
  await expect(dialog).toContainText('your name and e-mail are erased');
  await snap('me-withdraw');
  await dialog.getByRole('button', { name: 'Withdraw my entry' }).click();
  await expectToast(page, 'Entry withdrawn');
  await expect(cards).toHaveCount(1);
  await expect(cards.nth(0)).toContainText('Spring Yoga Retreat');
  const left = await server.db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, summer.id));
  expect(left).toEqual([]);

  // The link works once: opened again, it says so and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Show my entries' }).click();
  await expect(page.getByRole('alert')).toContainText(meMessages.deadLink);
  await expect(page.getByRole('button', { name: 'Send me a link' })).toBeVisible();
});
