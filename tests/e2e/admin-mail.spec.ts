import type { Locator, Page } from '@playwright/test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mails } from '#server/db/schema.ts';
import {
  mailPurposeLabels,
  mailQueueMessages,
  type MailPurpose,
  type MailStatus,
} from '#shared/contracts/mail-queue.ts';
import { adminScreens, tabPanel, uniqueToken } from './support/admin-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';

const BOUNCE = '550 5.1.1 mailbox unavailable';

/** A mail the queue gave up on, written straight into `mails` as the dead letter queue leaves it. */
async function seedFailedMail(
  db: Db,
  recipient: string,
  purpose: MailPurpose = 'entry-confirmation',
): Promise<string> {
  const [row] = await db
    .insert(mails)
    .values({
      purpose,
      recipient,
      subject: `Confirm your entry to Spring ${uniqueToken()} Giveaway`,
      text: 'Open this link to confirm your entry.',
      html: '<p>Open this link to confirm your entry.</p>',
      status: 'failed',
      attempts: 3,
      lastError: BOUNCE,
    })
    .returning({ id: mails.id });
  return row!.id;
}

async function mailStatuses(db: Db, ids: string[]): Promise<MailStatus[]> {
  const rows = await db.select({ status: mails.status }).from(mails).where(inArray(mails.id, ids));
  return rows.map((row) => row.status);
}

/** The counts of the last 24 hours as the server counts them (workers share a database). */
async function lastDayCounts(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mails.status, n: sql<number>`count(*)::int` })
    .from(mails)
    .where(sql`${mails.createdAt} > now() - interval '24 hours'`)
    .groupBy(mails.status);
  const counts = { queued: 0, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

async function failedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mails)
    .where(eq(mails.status, 'failed'));
  return Number(row!.n);
}

async function openMailTab(page: Page) {
  await page.goto(adminScreens.panel);
  await page.getByRole('tab', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Last 24 hours' })).toBeVisible();
}

/** A stat card's figure in the open tab, found by its label. */
function mailCount(page: Page, label: string): Locator {
  return tabPanel(page).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

function failedList(page: Page): Locator {
  return tabPanel(page).getByRole('region', { name: 'Failed mails' });
}

function failedRow(page: Page, recipient: string): Locator {
  return failedList(page).getByRole('listitem').filter({ hasText: recipient });
}

test.describe('admin panel: Mail tab', () => {
  test('shows the last 24 hours and the failed mails; Retry queues one again and it is sent', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const admin = await seedUserWithPassword({ role: 'admin' });
    const recipient = `bounced.${uniqueToken()}@example.com`;
    const mailId = await seedFailedMail(server.db, recipient);
    // A mail waiting for 2 minutes and a bit, its next attempt an hour away: the oldest waiting.
    const [waiting] = await server.db
      .insert(mails)
      .values({
        purpose: 'verification',
        recipient: `waiting.${uniqueToken()}@example.com`,
        subject: 'Verify your email',
        text: 'Open this link.',
        html: '<p>Open this link.</p>',
        createdAt: sql`now() - interval '2 minutes 10 seconds'`,
        nextAttemptAt: sql`now() + interval '1 hour'`,
      })
      .returning({ id: mails.id });
    try {
      await signIn(admin);
      await openMailTab(page);
      const counts = await lastDayCounts(server.db);
      for (const [label, key] of [
        ['Queued', 'queued'],
        ['Sent', 'sent'],
        ['Retrying', 'retrying'],
        ['Failed', 'failed'],
      ] as const) {
        await expect(mailCount(page, label)).toHaveText(String(counts[key]));
      }
      const panel = tabPanel(page);
      await expect(panel.getByText('Oldest waiting mail')).toBeVisible();
      await expect(panel.getByText('2 minutes', { exact: true })).toBeVisible();
      await expect(panel.getByText('Outbox (no SMTP_URL)', { exact: true })).toBeVisible();

      const row = failedRow(page, recipient);
      await expect(row).toBeVisible();
      await expect(row.getByText(mailPurposeLabels['entry-confirmation'])).toBeVisible();
      await expect(row.getByText(`To ${recipient}`)).toBeVisible();
      await expect(row.getByText('3 attempts', { exact: true })).toBeVisible();
      await expect(row.getByText(BOUNCE, { exact: true })).toBeVisible();
      await expect(row.getByText(/^Queued \S/)).toBeVisible();
      await expect(row.getByText(/^last attempt \S/)).toBeVisible();
      await expect(panel.getByText(/^\d+ mails?$/)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Retry all failed' })).toBeEnabled();
      await expectNoHorizontalScroll(page);
      await snap('admin-mail');

      await row.getByRole('button', { name: `Retry the mail to ${recipient}` }).click();
      await expectToast(page, 'Mail Retried', mailQueueMessages.retried(1));
      await expect(row).toHaveCount(0);
      // The e2e app has no SMTP: the outbox takes the mail at once.
      await expect.poll(() => mailStatuses(server.db, [mailId])).toEqual(['sent']);
    } finally {
      // Nothing else of this worker's tests should find a mail waiting for ever.
      await server.db.update(mails).set({ status: 'sent' }).where(eq(mails.id, waiting!.id));
    }
  });

  test(
    'Retry all failed queues every failed mail; then none is left',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      const token = uniqueToken();
      const seeded = [
        { recipient: `reset.${token}@example.com`, purpose: 'reset-link' },
        { recipient: `verify.${token}@example.com`, purpose: 'verification' },
      ] as const;
      const ids = await Promise.all(
        seeded.map(({ recipient, purpose }) => seedFailedMail(server.db, recipient, purpose)),
      );
      await signIn(admin);
      await openMailTab(page);
      for (const { recipient, purpose } of seeded) {
        await expect(
          failedRow(page, recipient).getByText(mailPurposeLabels[purpose]),
        ).toBeVisible();
      }
      const failed = await failedCount(server.db);
      await expect(tabPanel(page).getByText(`${failed} mails`, { exact: true })).toBeVisible();

      await tabPanel(page).getByRole('button', { name: 'Retry all failed' }).click();
      await expectToast(page, 'Failed Mails Retried', mailQueueMessages.retried(failed));
      await expect(failedList(page).getByText('No failed mails', { exact: true })).toBeVisible();
      await expect(tabPanel(page).getByRole('button', { name: 'Retry all failed' })).toBeDisabled();
      await expect.poll(() => mailStatuses(server.db, ids)).toEqual(['sent', 'sent']);
      await expectNoHorizontalScroll(page);
      await snap('admin-mail-none-failed');
    },
  );

  test(
    'a mail retried elsewhere meanwhile: the refusal is shown and the list read again',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      const recipient = `elsewhere.${uniqueToken()}@example.com`;
      const mailId = await seedFailedMail(server.db, recipient);
      await signIn(admin);
      await openMailTab(page);
      const row = failedRow(page, recipient);
      await expect(row).toBeVisible();

      // Another admin retried it, and it went.
      await server.db
        .update(mails)
        .set({ status: 'sent' })
        .where(and(eq(mails.id, mailId), eq(mails.status, 'failed')));
      await row.getByRole('button', { name: `Retry the mail to ${recipient}` }).click();
      await expectToast(page, 'Retry Failed', mailQueueMessages.notFailed);
      await expect(row).toHaveCount(0);
    },
  );

  test(
    'loading and error states',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn, snap, allowConsoleErrors }) => {
      allowConsoleErrors(/status of 503/);
      const admin = await seedUserWithPassword({ role: 'admin' });
      await signIn(admin);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/admin/mail-queue', async (route) => {
        await released;
        await route.fulfill({
          status: 503,
          json: {
            message: 'The service is unavailable. Please try again shortly.',
            code: 'SERVICE_UNAVAILABLE',
          },
        });
      });
      await page.goto(adminScreens.panel);
      await page.getByRole('tab', { name: 'Mail' }).click();
      await expect(
        tabPanel(page).getByRole('status').filter({ hasText: 'Loading the mail queue' }),
      ).toBeVisible();
      release();
      await expect(tabPanel(page).getByRole('alert')).toHaveText(
        'The service is unavailable. Please try again shortly.',
      );
      await expectNoHorizontalScroll(page);
      await snap('admin-mail-error');

      // Try again asks once more, and this time the server answers.
      await page.unroute('**/api/admin/mail-queue');
      await tabPanel(page).getByRole('button', { name: 'Try again' }).click();
      await expect(tabPanel(page).getByRole('heading', { name: 'Last 24 hours' })).toBeVisible();
    },
  );
});
