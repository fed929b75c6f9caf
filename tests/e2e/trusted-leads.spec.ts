import { eq, sql } from 'drizzle-orm';
import { contestEntries, contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { describeFlag } from '#shared/contracts/entry-flags.ts';
import { enterContest, expectFilterCounts } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/** Trusted leads (docs/product.md#trusted-leads) as entrants and owners see them. */
test.describe('trusted leads', () => {
  test(
    'an entrant enters, receives the link, confirms, and the entry counts',
    PHONE_ONLY,
    async ({
      page,
      server,
      seedUserWithPassword,
      signIn,
      mailedLink,
      snap,
      allowConsoleErrors,
    }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Confirmed Leads Giveaway',
        confirmationMessage: 'See you at the studio!',
      });
      await server.db
        .update(contests)
        .set({ requireConfirmation: true })
        .where(eq(contests.id, contest.id));
      const email = uniqueEmail('confirm');

      const entrant = page;
      await entrant.goto(`/c/${contest.id}`);
      await expect(
        entrant.getByText("We'll e-mail you a link to confirm your entry."),
      ).toBeVisible();
      await enterContest(entrant, 'Priya Shah', email);
      await expect(
        entrant.getByRole('heading', { name: 'Check your inbox to confirm your entry' }),
      ).toBeVisible();
      await expectNoHorizontalScroll(entrant);
      await snap('entry-pending');
      // Pending: not counted yet.
      const [stored] = await server.db
        .select({ entryCount: contests.entryCount })
        .from(contests)
        .where(eq(contests.id, contest.id));
      expect(stored!.entryCount).toBe(0);

      // Opening the link shows a button and confirms nothing (mail scanners open links too).
      const link = await mailedLink(email, '/entries/confirm');
      await entrant.goto(link);
      const confirmButton = entrant.getByRole('button', { name: 'Confirm my entry' });
      await expect(confirmButton).toBeVisible();
      await confirmButton.click();
      await expect(entrant.getByRole('heading', { name: "You're confirmed!" })).toBeVisible();
      await expect(entrant.getByText('See you at the studio!')).toBeVisible();
      await expectNoHorizontalScroll(entrant);
      await snap('entry-confirmed');

      // The link works once (the browser logs the page's 400).
      allowConsoleErrors(/status of 400/);
      await entrant.goto(link);
      await expect(entrant.getByText(/already been used: your entry is confirmed/)).toBeVisible();

      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      const entries = page.getByRole('region', { name: 'Contest Entries' });
      await expectFilterCounts(entries, { Confirmed: 1, Pending: 0, Flagged: 0 });
      await expect(entries.getByText('Priya Shah')).toBeVisible();
      await snap('owner-after-confirmation');
    },
  );

  test('the owner sees pending and flagged entries, clears a flag and removes an entry', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Flagged Leads Giveaway' });
    await seedEntries(server, contest.id, [
      { name: 'Honest Hannah', email: 'hannah@example.com' },
      { name: 'Burst Bob', email: 'bob@acme-gym.com' },
      { name: 'Quick Quinn', email: 'quinn@example.com' },
      { name: 'Waiting Wendy', email: 'wendy@example.com' },
    ]);
    const mark = (email: string, values: Partial<typeof contestEntries.$inferInsert>) =>
      server.db
        .update(contestEntries)
        .set(values)
        .where(
          sql`${contestEntries.email} = ${email} and ${contestEntries.contestId} = ${contest.id}`,
        );
    await mark('bob@acme-gym.com', { flags: ['address-burst', 'domain-burst'] });
    await mark('quinn@example.com', { flags: ['fast-submit'] });
    await mark('wendy@example.com', { status: 'pending' });
    await server.db.execute(sql`update contests set entry_count = 3 where id = ${contest.id}`);

    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    const entries = page.getByRole('region', { name: 'Contest Entries' });
    await expectFilterCounts(entries, { Confirmed: 3, Pending: 1, Flagged: 2 });

    await entries.getByRole('tab', { name: 'Pending' }).click();
    await expect(entries.getByText('Waiting Wendy')).toBeVisible();
    await expect(entries.getByText('Honest Hannah')).toBeHidden();

    await entries.getByRole('tab', { name: 'Flagged' }).click();
    await expect(entries.getByText(describeFlag('domain-burst', 'bob@acme-gym.com'))).toBeVisible();
    await expect(entries.getByText(describeFlag('fast-submit', 'quinn@example.com'))).toBeVisible();
    await expect(entries.getByText('Honest Hannah')).toBeHidden();
    await expectNoHorizontalScroll(page);
    await snap('flagged-entries');

    await entries
      .getByRole('button', { name: 'Clear the Fast submit flag of Quick Quinn' })
      .click();
    await expectToast(page, 'Flag Cleared');
    await expect(entries.getByText('Quick Quinn')).toBeHidden();

    await entries.getByRole('button', { name: 'Remove the entry of Burst Bob' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove entry?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Entry Removed');
    await expectFilterCounts(entries, { Confirmed: 2, Pending: 1, Flagged: 0 });
    await snap('after-moderation');
  });
});
