import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import { referralMessages } from '#shared/contracts/referrals.ts';
import {
  allowClipboard,
  enterContest,
  newVisitor,
  readClipboard,
} from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { seedContest, type ContestSeed } from './support/seed-contests.ts';

/** Referrals as entrants meet them (docs/product.md#referrals): the link, the board, the status. */

type ReferralSettings = {
  referralBonus: number;
  referralCap?: number;
  showLeaderboard?: boolean;
  requireConfirmation?: boolean;
};

async function seedReferralContest(
  db: Db,
  ownerId: string,
  seed: ContestSeed,
  settings: ReferralSettings,
) {
  const contest = await seedContest(db, ownerId, seed);
  await db.update(contests).set(settings).where(eq(contests.id, contest.id));
  return contest;
}

function referralSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Get more entries' });
}

function leaderboard(page: Page): Locator {
  return page.getByRole('region', { name: 'Top referrers' });
}

const CODE = /^[0-9a-f]{16}$/;

/** The personal link shown after entering, checked for its shape: /c/{id}?ref={code}. */
async function personalLink(page: Page, baseUrl: string, contestId: string): Promise<string> {
  const link = await referralSection(page)
    .getByLabel('Your personal link', { exact: true })
    .inputValue();
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl}/c/${contestId}`);
  expect(url.searchParams.get('ref')).toMatch(CODE);
  return link;
}

/**
 * Every browser of a test comes from 127.0.0.1, and a friend entering from the referrer's own
 * network credits nobody. The referrer is moved to another network, as two people on two phones
 * would be.
 */
async function asIfFromAnotherNetwork(db: Db, entryId: string) {
  await db
    .update(contestEntries)
    .set({ clientHash: 'another-network' })
    .where(eq(contestEntries.id, entryId));
}

/**
 * The friend presses "Confirm my entry" in the mail they got (confirm-entry.spec.ts walks that
 * page): a friend counts for their referrer once their mailbox is proven.
 */
async function asIfConfirmedByMail(db: Db, email: string) {
  await db
    .update(contestEntries)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(contestEntries.email, email));
}

/** The entry id in a status link: /c/{contestId}/status/{entryId}?token=…. */
const entryIdOf = (statusUrl: string) => new URL(statusUrl).pathname.split('/')[4]!;

test.describe('referrals on the entry page', () => {
  test(
    'an entrant shares their link, a friend enters through it, and both the status page and the board count it',
    PHONE_ONLY,
    async ({ page, context, browser, server, seedUserWithPassword, snap }) => {
      test.slow();
      const owner = await seedUserWithPassword();
      const contest = await seedReferralContest(
        server.db,
        owner.id,
        {
          title: 'Referral Rally Giveaway',
          prizeDetails: 'A year of yoga classes',
          prizeValue: '$900',
        },
        { referralBonus: 3, referralCap: 50, showLeaderboard: true },
      );
      await allowClipboard(context, server.url);

      await page.goto(`/c/${contest.id}`);
      const board = leaderboard(page);
      await expect(board).toBeVisible();
      await expect(board.getByText('No referrals yet: share your link to lead')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('referral-entry-open');

      // The honest entrant: two fields and one tap, then their own link.
      await enterContest(page, 'Maria Santos', uniqueEmail('maria'));
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      const section = referralSection(page);
      await expect(section.getByText(referralMessages.worth(3), { exact: true })).toBeVisible();
      await expect(section.getByText(/up to 50 bonus entries/)).toBeVisible();
      const link = await personalLink(page, server.url, contest.id);
      const canShare = await page.evaluate(() => typeof navigator.share === 'function');
      await expect(section.getByRole('button', { name: 'Share' })).toHaveCount(canShare ? 1 : 0);
      await section.getByRole('button', { name: 'Copy your link' }).click();
      await expect(section.getByRole('button', { name: 'Link copied' })).toHaveText('Copied');
      expect(await readClipboard(page)).toBe(link);
      const statusLink = section.getByRole('link', { name: 'See your entries and rank' });
      const statusUrl = (await statusLink.getAttribute('href'))!;
      expect(statusUrl).toMatch(
        new RegExp(`^${server.url}/c/${contest.id}/status/[0-9a-f-]{36}\\?token=.+$`),
      );
      await expectNoHorizontalScroll(page);
      await snap('referral-youre-in');
      // The Copy button reads "Copy" again, for a second copy.
      await expect(section.getByRole('button', { name: 'Copy your link' })).toBeVisible();

      // Coming back to the page still shows the link to share.
      await page.reload();
      await expect(referralSection(page).getByLabel('Your personal link')).toHaveValue(link);

      await asIfFromAnotherNetwork(server.db, entryIdOf(statusUrl));

      // A friend opens the link on their own phone: the code stays in the address and in the form.
      const friend = await newVisitor(browser, server.url);
      await friend.page.goto(link);
      const code = new URL(link).searchParams.get('ref')!;
      await expect(friend.page.locator('form input[type="hidden"][name="ref"]')).toHaveValue(code);
      await friend.page.reload();
      expect(new URL(friend.page.url()).searchParams.get('ref')).toBe(code);
      const friendEmail = uniqueEmail('jon');
      await enterContest(friend.page, 'Jon Friend', friendEmail);
      await expect(friend.page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      await asIfConfirmedByMail(server.db, friendEmail);
      // The friend gets a link of their own, not the one they came through.
      const friendLink = await personalLink(friend.page, server.url, contest.id);
      expect(friendLink).not.toBe(link);
      // Their board refreshes by itself (every 10 s; the server reads it at most every 5 s).
      await expect(leaderboard(friend.page).getByRole('listitem')).toHaveText(
        [/^Place 1\s*Maria S\.\s*1 referral$/],
        { timeout: 20_000 },
      );
      await expectNoHorizontalScroll(friend.page);
      await friend.page.screenshot({
        path: `test-results/screens/${test.info().project.name}/referral-friend-entered.png`,
        fullPage: true,
      });
      await friend.close();

      // The referrer's status page: one referral, 1 + 3 entries, first among referrers.
      await page.goto(statusUrl);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Referral Rally Giveaway');
      await expect(page).toHaveTitle('Your entry: Referral Rally Giveaway – Prizewheel');
      await expect(page.getByText('Hi Maria Santos!')).toBeVisible();
      await expect(page.getByText('Your entry is confirmed')).toBeVisible();
      const figures = page.getByRole('definition');
      await expect(figures).toHaveText(['4', '1 + 3 bonus', '1', 'friend', '#1', 'of referrers']);
      await expect(page.getByText(referralMessages.worth(3), { exact: true })).toBeVisible();
      await expect(page.getByLabel('Your personal link')).toHaveValue(link);
      await page.getByRole('button', { name: 'Copy your link' }).click();
      await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
      expect(await readClipboard(page)).toBe(link);
      await expectNoHorizontalScroll(page);
      await snap('referral-status');

      // Back on the contest, the board names the referrer.
      await page.getByRole('link', { name: 'Back to the contest' }).click();
      await expect(page).toHaveURL(`${server.url}/c/${contest.id}`);
      await expect(leaderboard(page).getByRole('listitem')).toHaveText(
        [/^Place 1\s*Maria S\.\s*1 referral$/],
        { timeout: 20_000 },
      );
      await snap('referral-leaderboard');
    },
  );

  test(
    'a status link with a wrong token shows an error, and nothing of the entry',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedReferralContest(
        server.db,
        owner.id,
        { title: 'Wrong Token Giveaway' },
        { referralBonus: 2 },
      );
      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Tess Token', uniqueEmail('tess'));
      const statusUrl = (await referralSection(page)
        .getByRole('link', { name: 'See your entries and rank' })
        .getAttribute('href'))!;

      const forged = new URL(statusUrl);
      forged.searchParams.set('token', 'a'.repeat(64));
      await page.goto(forged.href);
      await expect(page.getByRole('heading', { name: 'We can’t show this entry' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(referralMessages.statusInvalid);
      await expect(page.getByText('Tess Token')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to the contest' })).toHaveAttribute(
        'href',
        `/c/${contest.id}`,
      );
      await expectNoHorizontalScroll(page);
      await snap('referral-status-invalid');

      // Without a token at all, the same.
      forged.searchParams.delete('token');
      await page.goto(forged.href);
      await expect(page.getByRole('alert')).toHaveText(referralMessages.statusInvalid);
    },
  );

  test('a pending entrant gets the link too, shares it with the share sheet, and copies it by hand when the clipboard refuses', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedReferralContest(
      server.db,
      owner.id,
      { title: 'Share Sheet Giveaway' },
      { referralBonus: 1, referralCap: 5, requireConfirmation: true },
    );
    // A phone's share sheet, and a clipboard that says no (an insecure page, a denied permission).
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, 'sharedData', { value: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });

    await page.goto(`/c/${contest.id}`);
    await expect(leaderboard(page)).toHaveCount(0);
    await enterContest(page, 'Pat Pending', uniqueEmail('pat'));
    await expect(
      page.getByRole('heading', { name: 'Check your inbox to confirm your entry' }),
    ).toBeVisible();
    const section = referralSection(page);
    await expect(section.getByText(referralMessages.worth(1), { exact: true })).toBeVisible();
    await expect(section.getByText(/up to 5 bonus entries/)).toBeVisible();
    await expect(section.getByText(/confirm your own entry to be in the draw/)).toBeVisible();
    const link = await personalLink(page, server.url, contest.id);

    await section.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData),
      )
      .toEqual([
        {
          title: 'Share Sheet Giveaway',
          text: 'I just entered Share Sheet Giveaway. Enter with my link for your chance to win!',
          url: link,
        },
      ]);

    await section.getByRole('button', { name: 'Copy your link' }).click();
    await expect(section.getByText(/copy it with Ctrl\+C/)).toBeVisible();
    const input = section.getByLabel('Your personal link');
    await expect(input).toBeFocused();
    expect(
      await input.evaluate((element: HTMLInputElement) => [
        element.selectionStart,
        element.selectionEnd,
      ]),
    ).toEqual([0, link.length]);
    await expectNoHorizontalScroll(page);
    await snap('referral-pending-copy-by-hand');

    // The status page says the entry waits for its confirmation.
    await section.getByRole('link', { name: 'See your entries and rank' }).click();
    await expect(page.getByText('Your entry is pending confirmation')).toBeVisible();
    await expect(page.getByRole('definition')).toHaveText([
      '1',
      'no bonus yet',
      '0',
      'friends',
      '–',
      'No referrals yet',
    ]);
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('referral-status-pending');
  });

  test(
    'when the panel’s script cannot be loaded (a release replaced it), the page stays and shows the link plainly',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, allowConsoleErrors }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedReferralContest(
        server.db,
        owner.id,
        { title: 'Stale Chunk Giveaway' },
        { referralBonus: 2, showLeaderboard: true },
      );
      await page.route('**/assets/referral-panel-*.js', (route) => route.abort());
      await page.route('**/assets/leaderboard-card-*.js', (route) => route.abort());
      allowConsoleErrors(/net::ERR_FAILED/);

      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Stella Stale', uniqueEmail('stella'));
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      const plain = page.getByRole('link', { name: /\?ref=[0-9a-f]{16}$/ });
      await expect(plain).toBeVisible();
      expect(new URL((await plain.getAttribute('href'))!).searchParams.get('ref')).toMatch(CODE);
      await expect(referralSection(page)).toHaveCount(0);
      await expect(leaderboard(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stale Chunk Giveaway');
    },
  );

  test(
    'without referrals the page is as before, and a ref that is not a code is dropped',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const plain = await seedContest(server.db, owner.id, { title: 'Plain Giveaway' });

      await page.goto(`/c/${plain.id}?ref=not-a-code&utm_source=chat`);
      await expect(page).toHaveURL(`${server.url}/c/${plain.id}?utm_source=chat`);
      await expect(page.locator('input[name="ref"]')).toHaveCount(0);
      await expect(leaderboard(page)).toHaveCount(0);
      await enterContest(page, 'Plain Paula', uniqueEmail('paula'));
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      await expect(referralSection(page)).toHaveCount(0);
      await expect(page.getByText(/personal link/)).toHaveCount(0);
    },
  );
});
