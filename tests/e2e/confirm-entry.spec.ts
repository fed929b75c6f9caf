import type { Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { enterContest, entryForm } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The double opt-in link (docs/product.md#trusted-leads): opening it shows the contest and a
 * "Confirm my entry" button and changes nothing (mail scanners open links); the button confirms.
 * The page is the server's, with no script, so it is the same with JavaScript on and off.
 */

async function confirmingContest(db: Db, ownerId: string, title: string) {
  const contest = await seedContest(db, ownerId, {
    title,
    confirmationMessage: 'See you at the studio!',
  });
  await db.update(contests).set({ requireConfirmation: true }).where(eq(contests.id, contest.id));
  return contest;
}

async function statusOf(db: Db, contestId: string) {
  const [row] = await db
    .select({ status: contestEntries.status })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
  return row?.status;
}

/**
 * The entry form as each browser sends it: through the script, or as the plain form (without
 * JavaScript the page's timing cannot be read: a person's few seconds are waited out instead).
 */
async function enter(page: Page, name: string, email: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await enterContest(page, name, email);
    return;
  }
  const form = entryForm(page);
  await form.name.fill(name);
  await form.email.fill(email);
  await page.waitForTimeout(FAST_SUBMIT_MS + 500);
  await form.submit.click();
}

const confirmButton = (page: Page) => page.getByRole('button', { name: 'Confirm my entry' });

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
  const shot = javaScriptEnabled ? 'confirm' : 'nojs-confirm';

  test.describe(`the confirmation link ${how}`, () => {
    test.use({ javaScriptEnabled });

    // The page is the same without JavaScript: the desktop sees it once, with it.
    test(
      'the entrant opens the link, sees the button, confirms, and the page says so',
      javaScriptEnabled ? {} : PHONE_ONLY,
      async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
        const owner = await seedUserWithPassword();
        const title = `Studio Giveaway ${javaScriptEnabled ? 'JS' : 'plain'}`;
        const contest = await confirmingContest(server.db, owner.id, title);
        const email = uniqueEmail('confirm-link');
        await page.goto(`/c/${contest.id}`);
        await enter(page, 'Priya Shah', email, javaScriptEnabled);
        await expect(
          page.getByRole('heading', { name: 'Check your inbox to confirm your entry' }),
        ).toBeVisible();

        const link = await mailedLink(email, '/entries/confirm');
        await page.goto(link);
        await expect(page.getByRole('heading', { name: 'Confirm your entry' })).toBeVisible();
        await expect(page.getByText(title)).toBeVisible();
        await expect(confirmButton(page)).toBeEnabled();
        // Opening the link (and reloading it) confirmed nothing.
        await page.reload();
        expect(await statusOf(server.db, contest.id)).toBe('pending');
        await expectNoHorizontalScroll(page);
        await snap(`${shot}-ask`);

        await confirmButton(page).click();
        await expect(page.getByRole('heading', { name: "You're confirmed!" })).toBeVisible();
        await expect(page.getByText(title)).toBeVisible();
        await expect(page.getByText('See you at the studio!')).toBeVisible();
        expect(await statusOf(server.db, contest.id)).toBe('confirmed');
        await expectNoHorizontalScroll(page);
        await snap(`${shot}-confirmed`);

        // Back on the contest's page, this device shows the entry confirmed, not "check your inbox".
        await page.getByRole('link', { name: 'Back to the contest' }).click();
        await expect(page).toHaveURL(`${server.url}/c/${contest.id}`);
        await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
        await expect(
          page.getByRole('heading', { name: 'Check your inbox to confirm your entry' }),
        ).toBeHidden();

        // The link again: already used, in place of the button, with the way to the contest.
        await page.goto(link);
        await expect(page.getByText(entryMessages.confirmationUsed)).toBeVisible();
        await expect(confirmButton(page)).toBeHidden();
        await expect(page.getByRole('link', { name: 'Go to the contest' })).toHaveAttribute(
          'href',
          `/c/${contest.id}`,
        );
        await snap(`${shot}-used`);
      },
    );

    test(
      'a dead link says why in place of the button, with a way on',
      PHONE_ONLY,
      async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
        const owner = await seedUserWithPassword();
        const contest = await confirmingContest(server.db, owner.id, 'Late Opener Giveaway');
        const email = uniqueEmail('late-opener');
        await page.goto(`/c/${contest.id}`);
        if (javaScriptEnabled) await enter(page, 'Lou Late', email, true);
        const link = javaScriptEnabled
          ? await mailedLink(email, '/entries/confirm')
          : `${server.url}/entries/confirm?token=${'A'.repeat(43)}`;

        if (javaScriptEnabled) {
          // Expired: 49 hours after the entry.
          await server.db
            .update(contestEntries)
            .set({ entryDate: sql`now() - interval '49 hours'` })
            .where(eq(contestEntries.contestId, contest.id));
          await page.goto(link);
          await expect(page.getByText(entryMessages.confirmationExpired)).toBeVisible();
          await expect(page.getByRole('link', { name: 'Enter the contest again' })).toHaveAttribute(
            'href',
            `/c/${contest.id}`,
          );
        } else {
          await page.goto(link);
          await expect(page.getByText(entryMessages.confirmationInvalid)).toBeVisible();
          await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
            'href',
            '/',
          );
        }
        await expect(confirmButton(page)).toBeHidden();
        await expectNoHorizontalScroll(page);
        await snap(`${shot}-dead-link`);
      },
    );
  });
}
