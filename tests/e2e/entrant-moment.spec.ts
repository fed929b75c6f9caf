import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import { resendLinkAnswer } from '#shared/contracts/entries.ts';
import { drawAsOwner } from './support/admin-helpers.ts';
import {
  allowClipboard,
  enterContest,
  entryForm,
  newVisitor,
  readClipboard,
} from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { fromNow, seedContest, type ContestSeed } from './support/seed-contests.ts';

/**
 * The entrant's moment (docs/product.md#public-entry-page, #referrals): the confirmation page
 * hands them their link to share, the tab they entered from follows, a friend sees who invited
 * them, a duplicate gets its link again, a winner's browser says they won, and the status page
 * and the owner's list say why a friend does not count.
 */

async function referralContest(
  db: Db,
  ownerId: string,
  seed: ContestSeed,
  settings: Partial<typeof contests.$inferInsert> = {},
) {
  const contest = await seedContest(db, ownerId, seed);
  await db
    .update(contests)
    .set({ referralBonus: 3, referralCap: 10, ...settings })
    .where(eq(contests.id, contest.id));
  return contest;
}

/** An entry straight in the database, with its own personal link's code. */
async function seedEntrant(
  db: Db,
  contestId: string,
  entrant: { name: string; email: string; referralCode?: string; invitedBy?: string },
) {
  const [row] = await db
    .insert(contestEntries)
    .values({
      contestId,
      name: entrant.name,
      email: entrant.email,
      status: 'confirmed',
      flags: [],
      entryDate: fromNow({ hours: -1 }),
      referralCode: entrant.referralCode ?? null,
      invitedBy: entrant.invitedBy ?? null,
    })
    .returning({ id: contestEntries.id });
  return row!.id;
}

const shareRegion = (page: Page) => page.getByRole('region', { name: 'Get more entries' });

test.describe('the entrant confirms their e-mail', () => {
  test('the confirmation page shares the link above the folded receipt, and the first tab follows', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    mailedLink,
    snap,
  }) => {
    // Two browsers and the mail: longer than one page's test on a busy machine.
    test.slow();
    const owner = await seedUserWithPassword();
    const contest = await referralContest(
      server.db,
      owner.id,
      { title: 'Spin Class Giveaway' },
      { requireConfirmation: true },
    );
    const email = uniqueEmail('moment');
    await page.goto(`/c/${contest.id}`);
    await enterContest(page, 'Priya Shah', email);
    await expect(
      page.getByRole('heading', { name: 'Check your inbox to confirm your entry' }),
    ).toBeVisible();

    // The link opened in another browser: the mail app's own.
    const mailApp = await newVisitor(browser, server.url);
    await allowClipboard(mailApp.context, server.url);
    await mailApp.page.goto(await mailedLink(email, '/entries/confirm'));
    await mailApp.page.getByRole('button', { name: 'Confirm my entry' }).click();
    await expect(mailApp.page.getByRole('heading', { name: "You're confirmed!" })).toBeVisible();
    const share = shareRegion(mailApp.page);
    const link = await share.getByLabel('Your personal link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`/c/${contest.id}\\?ref=[0-9a-f]{16}$`));
    await expect(share.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
    );
    await expect(share.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=Spin%20Class%20Giveaway&body=/,
    );
    // The receipt sits below the link, folded: its id shows once opened.
    const receipt = mailApp.page.getByText('Your receipt', { exact: true });
    const [shareBox, receiptBox] = [await share.boundingBox(), await receipt.boundingBox()];
    expect(shareBox!.y).toBeLessThan(receiptBox!.y);
    await expect(mailApp.page.getByText('Your entry id:')).toBeHidden();
    await expectNoHorizontalScroll(mailApp.page);
    await mailApp.page.screenshot({
      path: `test-results/screens/${test.info().project.name}/moment-confirmed.png`,
      fullPage: true,
    });
    // Copy works on this page too, though the app's script is not on it.
    await share.getByRole('button', { name: 'Copy your link' }).click();
    await expect(share.getByText('Link copied')).toBeVisible();
    expect(await readClipboard(mailApp.page)).toBe(link);
    await receipt.click();
    await expect(mailApp.page.getByText('Your entry id:')).toBeVisible();
    await mailApp.close();

    // The tab the entrant entered from learns of it when it is shown again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
    await expect(shareRegion(page)).toBeVisible();
    await snap('moment-first-tab-confirmed');
  });
});

test.describe('a friend arrives through a link', () => {
  test(
    'sees who invited them and what entering earns',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await referralContest(server.db, owner.id, { title: 'Yoga Mat Giveaway' });
      const referrerEmail = uniqueEmail('maria');
      await seedEntrant(server.db, contest.id, {
        name: 'Maria Santos',
        email: referrerEmail,
        referralCode: '0123456789abcdef',
      });
      await page.goto(`/c/${contest.id}?ref=0123456789abcdef`);
      await expect(page.getByText('Maria S. invited you to enter')).toBeVisible();
      await expect(
        page.getByText(
          'Entering gets you your own link to share. Each friend who enters gives you 3 more entries (up to 10 bonus entries).',
        ),
      ).toBeVisible();
      expect(await page.content()).not.toContain(referrerEmail);
      await expectNoHorizontalScroll(page);
      await snap('moment-invited');

      // A code that finds nobody names nobody; the promise stays.
      await page.goto(`/c/${contest.id}?ref=ffffffffffffffff`);
      await expect(page.getByText(/invited you to enter/)).toHaveCount(0);
      await expect(page.getByText(/Entering gets you your own link/)).toBeVisible();
    },
  );
});

test.describe('an address that has entered already', () => {
  test(
    'is told beside the button and can get its link again',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await referralContest(server.db, owner.id, { title: 'Protein Giveaway' });
      const email = uniqueEmail('again');
      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Jo Again', email);
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();

      const other = await newVisitor(page.context().browser()!, server.url);
      await other.page.goto(`/c/${contest.id}`);
      await enterContest(other.page, 'Jo Again', email);
      const notice = entryForm(other.page).submit.locator(
        'xpath=following-sibling::*[@role="alert"]',
      );
      await expect(notice).toContainText('This email has already entered this contest.');
      await notice.getByRole('button', { name: 'Send me my link again' }).click();
      await expect(notice.getByText(resendLinkAnswer)).toBeVisible();
      await other.page.screenshot({
        path: `test-results/screens/phone/moment-duplicate.png`,
        fullPage: true,
      });
      // The mail holds the status page; the first mail held it too: two mails now.
      const statusLink = await mailedLink(email, `/c/${contest.id}`);
      expect(statusLink).toContain(`/c/${contest.id}`);
      await other.close();
      await snap('moment-duplicate-first');
    },
  );
});

test.describe('after the draw', () => {
  test(
    'a winner’s own browser says they won, and the bonus panel is gone',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await referralContest(server.db, owner.id, { title: 'Smoothie Giveaway' });
      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Wanda Winner', uniqueEmail('winner'));
      await expect(shareRegion(page)).toBeVisible();

      await drawAsOwner(server, owner, contest.id, 'Wanda Winner');
      await page.reload();
      await expect(page.getByRole('heading', { name: 'You won!' })).toBeVisible();
      await expect(
        page.getByText(/The organiser will contact you at the e-mail address/),
      ).toBeVisible();
      await expect(shareRegion(page)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('moment-winner');
    },
  );
});

test.describe('why a friend does not count', () => {
  test(
    'the status page and the owner’s list say so',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, signIn, snap }) => {
      // Three browsers and the owner's dashboard: longer than one page's test on a busy machine.
      test.slow();
      const owner = await seedUserWithPassword();
      const contest = await referralContest(server.db, owner.id, { title: 'Sneaker Giveaway' });
      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Rita Referrer', uniqueEmail('rita'));
      const link = await shareRegion(page)
        .getByLabel('Your personal link', { exact: true })
        .inputValue();

      // A friend on the same wifi (every browser here is 127.0.0.1).
      const friend = await newVisitor(browser, server.url);
      await friend.page.goto(link);
      const friendEmail = uniqueEmail('wendy');
      await enterContest(friend.page, 'Wendy Wifi', friendEmail);
      await expect(friend.page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      await friend.close();

      await shareRegion(page).getByRole('link', { name: 'See your entries and rank' }).click();
      const friends = page.getByRole('region', { name: 'Friends who used your link' });
      await expect(friends.getByText('Wendy W.')).toBeVisible();
      await expect(friends.getByText('Does not count: same network as you')).toBeVisible();
      expect(await page.content()).not.toContain(friendEmail);
      await expectNoHorizontalScroll(page);
      await snap('moment-status-reasons');

      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await expect(
        page.getByText(
          "Came through a friend's link: Does not count: same network as their referrer",
        ),
      ).toBeVisible();
      await snap('moment-owner-reasons');
    },
  );
});
