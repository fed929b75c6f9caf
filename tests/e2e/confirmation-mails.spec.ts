import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests, mails } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { confirmationMailLabels } from '#shared/contracts/mail-queue.ts';
import { enterContest, entryForm, expectFilterCounts } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/** The status of the newest confirmation mail to an address. */
async function confirmationMailStatus(db: Db, email: string) {
  const [row] = await db
    .select({ status: mails.status })
    .from(mails)
    .where(and(eq(mails.recipient, email), eq(mails.purpose, 'entry-confirmation')))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  return row?.status;
}

/**
 * Double opt-in's mails (docs/product.md#trusted-leads): an address entering again while
 * pending is sent a new link, and the owner sees beside each pending entry whether its
 * confirmation mail went out.
 */
test.describe('confirmation mails', () => {
  test(
    'an address entering again before confirming gets a new link; the owner sees it was sent',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, mailedLink, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Second Chance Giveaway' });
      await server.db
        .update(contests)
        .set({ requireConfirmation: true })
        .where(eq(contests.id, contest.id));
      const email = uniqueEmail('again');

      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Omar Haddad', email);
      const pending = page.getByRole('heading', { name: 'Check your inbox to confirm your entry' });
      await expect(pending).toBeVisible();
      await expect(
        page.getByText(/Thanks Omar Haddad! We've sent you a confirmation link/),
      ).toBeVisible();
      const firstLink = await mailedLink(email, '/entries/confirm');

      // Another device (or a cleared browser): the form again, and the same address.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await enterContest(page, 'Omar Haddad', email);
      await expectToast(
        page,
        'Check your inbox',
        'Open the new link we e-mailed you to confirm your entry.',
      );
      await expect(pending).toBeVisible();
      await expect(page.getByText(entryMessages.confirmationResent)).toBeVisible();
      await expect(page.getByText(/We've sent you a confirmation link/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('entry-pending-resent');
      // The mail goes through the queue: it may land a moment after the answer.
      await expect.poll(() => mailedLink(email, '/entries/confirm')).not.toBe(firstLink);

      // The outbox of the e2e app sends at once: the owner sees the new link went out.
      await expect.poll(() => confirmationMailStatus(server.db, email)).toBe('sent');
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      const entries = page.getByRole('region', { name: 'Contest Entries' });
      await expectFilterCounts(entries, { Confirmed: 0, Pending: 1, Flagged: 0 });
      const row = entries.getByRole('listitem').filter({ hasText: 'Omar Haddad' });
      await expect(row.getByText('Pending', { exact: true })).toBeVisible();
      await expect(row.getByText(confirmationMailLabels.sent, { exact: true })).toBeVisible();
    },
  );

  test('beside each pending entry, what became of its confirmation mail', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Mail Status Giveaway' });
    await seedEntries(server, contest.id, [
      { name: 'Confirmed Carla', email: 'carla@example.com' },
      { name: 'Sent Sam', email: 'sam@example.com' },
      { name: 'Bounced Bea', email: 'bea@example.com' },
      { name: 'Waiting Will', email: 'will@example.com' },
    ]);
    const pendingIds = await server.db
      .update(contestEntries)
      .set({ status: 'pending' })
      .where(
        sql`${contestEntries.contestId} = ${contest.id} and ${contestEntries.email} <> 'carla@example.com'`,
      )
      .returning({ id: contestEntries.id, email: contestEntries.email });
    await server.db.execute(sql`update contests set entry_count = 1 where id = ${contest.id}`);
    const statusOf = {
      'sam@example.com': 'sent',
      'bea@example.com': 'failed',
      'will@example.com': 'queued',
    } as const;
    await server.db.insert(mails).values(
      pendingIds.map((entry) => ({
        purpose: 'entry-confirmation' as const,
        recipient: entry.email,
        subject: 'Confirm your entry',
        text: 'Open this link.',
        html: '<p>Open this link.</p>',
        entryId: entry.id,
        status: statusOf[entry.email as keyof typeof statusOf],
        attempts: 1,
        // Waiting for its next attempt, an hour away: the sender leaves it queued meanwhile.
        nextAttemptAt: new Date(Date.now() + 60 * 60 * 1000),
      })),
    );
    try {
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      const entries = page.getByRole('region', { name: 'Contest Entries' });
      await expectFilterCounts(entries, { Confirmed: 1, Pending: 3, Flagged: 0 });
      const row = (name: string) => entries.getByRole('listitem').filter({ hasText: name });
      await expect(row('Sent Sam').getByText(confirmationMailLabels.sent)).toBeVisible();
      await expect(row('Bounced Bea').getByText(confirmationMailLabels.failed)).toBeVisible();
      await expect(row('Waiting Will').getByText(confirmationMailLabels.queued)).toBeVisible();
      await expect(row('Confirmed Carla').getByText(/Confirmation email/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('owner-confirmation-mails');
    } finally {
      // Not left waiting in this worker's database for the tests after it.
      await server.db
        .update(mails)
        .set({ status: 'sent' })
        .where(and(eq(mails.recipient, 'will@example.com'), eq(mails.status, 'queued')));
    }
  });
});

test.describe('confirmation mails without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'the plain form of an address entering again says a new link went out',
    PHONE_ONLY,
    async ({ page, context, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Plain Second Chance' });
      await server.db
        .update(contests)
        .set({ requireConfirmation: true })
        .where(eq(contests.id, contest.id));
      const email = uniqueEmail('plain-again');
      const send = async () => {
        await page.goto(`/c/${contest.id}`);
        const fields = entryForm(page);
        await fields.name.fill('Plain Petra');
        await fields.email.fill(email);
        // A person's time over two fields: the server drops a form sent at once.
        await page.waitForTimeout(FAST_SUBMIT_MS + 500);
        await fields.submit.click();
      };
      const pending = page.getByRole('heading', { name: 'Check your inbox to confirm your entry' });

      await send();
      await expect(pending).toBeVisible();
      await expect(page.getByText(entryMessages.confirmationResent)).toHaveCount(0);

      // Another browser: no cookie remembers the entry, and the same address enters again.
      await context.clearCookies();
      await send();
      await expect(pending).toBeVisible();
      await expect(page.getByText(entryMessages.confirmationResent)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('nojs-entry-pending-resent');
    },
  );
});
