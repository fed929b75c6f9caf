import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contestEntries, contests } from '#server/db/schema.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';
import { entryForm } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The entry page on a phone whose script never runs (docs/product.md#the-entry-form-without-javascript):
 * a plain form the server answers with the confirmation, or with the page and its reason.
 */
test.use({ javaScriptEnabled: false });

/** A person takes a few seconds over two fields; the server drops a form sent at once. */
const takeAPersonsTime = (page: Page) => page.waitForTimeout(FAST_SUBMIT_MS + 500);

async function fillAndSend(page: Page, name: string, email: string) {
  const fields = entryForm(page);
  await fields.name.fill(name);
  await fields.email.fill(email);
  await takeAPersonsTime(page);
  await fields.submit.click();
}

test.describe('the entry page without JavaScript', () => {
  test('an entrant enters, sees You’re In, and a reload sends nothing again', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'No Script Needed',
      confirmationMessage: 'See you at the finish line!',
    });
    await page.goto(`/c/${contest.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Script Needed');
    await expect(entryForm(page).submit).toBeEnabled();
    await snap('nojs-entry-open');

    const email = uniqueEmail('plain');
    await fillAndSend(page, 'Plain Pat', email);
    await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
    await expect(page.getByText('See you at the finish line!')).toBeVisible();
    // Post, redirect, get: the page's address is the contest's, fetched with GET.
    expect(page.url()).toBe(`${server.url}/c/${contest.id}`);
    await expect(page.getByText('Current Entries: 1', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('nojs-youre-in');

    await page.reload();
    await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
    const rows = await server.db
      .select({ email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(rows).toEqual([{ email }]);
  });

  test(
    'a refused form comes back with its reason in place and what was typed',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Careful Typing' });
      await page.goto(`/c/${contest.id}`);

      // Invalid fields: each message under its field.
      await fillAndSend(page, ' ', 'not-an-email');
      const fields = entryForm(page);
      await expect(fields.name).toHaveAccessibleDescription('Full name is required');
      await expect(fields.email).toHaveAccessibleDescription('Please enter a valid email address');
      await expect(fields.email).toHaveValue('not-an-email');
      await expectNoHorizontalScroll(page);
      await snap('nojs-entry-invalid');

      // The same e-mail twice: the duplicate's message (docs/product.md#trusted-leads), the fields kept.
      const email = uniqueEmail('twice');
      await fillAndSend(page, 'First Time', email);
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      await page.context().clearCookies();
      await page.goto(`/c/${contest.id}`);
      await fillAndSend(page, 'Second Time', email.toUpperCase());
      await expect(page.getByRole('alert')).toContainText(
        'This email has already entered this contest.',
      );
      await expect(entryForm(page).name).toHaveValue('Second Time');
      await expect(entryForm(page).email).toHaveValue(email.toUpperCase());
      await snap('nojs-entry-duplicate');

      // Full by the time the form arrives: said so.
      await server.db.update(contests).set({ maxEntries: 1 }).where(eq(contests.id, contest.id));
      await entryForm(page).email.fill(uniqueEmail('late'));
      await takeAPersonsTime(page);
      await entryForm(page).submit.click();
      await expect(page.getByRole('heading', { name: 'Contest Full' })).toBeVisible();
    },
  );

  test(
    'a friend’s link is credited without JavaScript too',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Plain Referrals' });
      await server.db.update(contests).set({ referralBonus: 2 }).where(eq(contests.id, contest.id));

      await page.goto(`/c/${contest.id}`);
      await fillAndSend(page, 'Rita Referrer', uniqueEmail('rita'));
      const link = await page.getByLabel('Your personal link').inputValue();
      const code = new URL(link).searchParams.get('ref')!;
      // Two people on two networks (every test browser comes from 127.0.0.1).
      await server.db
        .update(contestEntries)
        .set({ clientHash: 'another-network' })
        .where(eq(contestEntries.referralCode, code));

      await page.context().clearCookies();
      await page.goto(link);
      await page.reload();
      await fillAndSend(page, 'Fred Friend', uniqueEmail('fred'));
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      const [friend] = await server.db
        .select({ referredBy: contestEntries.referredBy })
        .from(contestEntries)
        .where(eq(contestEntries.name, 'Fred Friend'));
      const [referrer] = await server.db
        .select({ id: contestEntries.id })
        .from(contestEntries)
        .where(eq(contestEntries.referralCode, code));
      expect(friend?.referredBy).toBe(referrer!.id);
    },
  );
});
