import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { seedEntries } from '#server/testing/seed.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import {
  enterContest,
  entryForm,
  newVisitor,
  signedInContext,
  statValue,
} from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, waitLikeAPerson } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

const COUNTDOWN = /^(\d{2})Days(\d{2})Hours(\d{2})Minutes(\d{2})Seconds$/;

function youreIn(page: Page): Locator {
  return page.getByRole('heading', { name: "You're In!" });
}

const existing = [
  { name: 'Alice Johnson', email: 'alice@example.com' },
  { name: 'Bob Smith', email: 'bob@example.com' },
  { name: 'Carla Diaz', email: 'carla@example.com' },
];

test.describe('public entry page', () => {
  test('an open contest shows its prize, countdown, count and form', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Summer Shred Challenge',
      description: 'Twelve weeks of training.\nOne lucky winner.',
      prizeDetails: '3 months of personal training',
      prizeValue: '$450',
      endDate: fromNow({ days: 3, hours: 5, minutes: 30 }),
      maxEntries: 100,
    });
    await seedEntries(server, contest.id, existing);
    await page.goto(`/c/${contest.id}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Summer Shred Challenge');
    await expect(page).toHaveTitle('Summer Shred Challenge – Prizewheel');
    await expect(page.getByText('3 months of personal training ($450)')).toBeVisible();
    await expect(page.getByText('Twelve weeks of training. One lucky winner.')).toBeVisible();
    await expect(page.getByText('Contest ends in:')).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(COUNTDOWN);
    const [, days, hours] = COUNTDOWN.exec((await timer.textContent()) ?? '')!;
    expect([days, hours]).toEqual(['03', '05']);
    // It ticks every second.
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent()).not.toBe(first);

    await expect(page.getByText('Current Entries: 3 of 100 maximum')).toBeVisible();
    await expect(
      page.getByText('One entry per e-mail • Information secure & never shared'),
    ).toBeVisible();
    await expect(entryForm(page).name).toBeVisible();
    await expect(entryForm(page).email).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('entry-open');
  });

  test(
    'the form checks name and e-mail before sending',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Validation Station' });
      await page.goto(`/c/${contest.id}`);
      // The script's own checks, once it runs the form (the server's are tested without it).
      await expect(page.locator('form[data-enhanced]')).toBeVisible();
      const form = entryForm(page);

      await form.submit.click();
      await expect(form.name).toHaveAccessibleDescription('Full name is required');
      await expect(form.email).toHaveAccessibleDescription('Email address is required');
      await expectNoHorizontalScroll(page);
      await snap('entry-required');

      await form.name.fill('   ');
      await form.email.fill('not-an-email');
      await form.submit.click();
      await expect(form.name).toHaveAccessibleDescription('Full name is required');
      await expect(form.email).toHaveAccessibleDescription('Please enter a valid email address');
      await snap('entry-invalid-email');

      // Typing in a field clears its message; the typed values stay.
      await form.email.fill('jamie@example');
      await expect(page.getByRole('alert').filter({ hasText: 'valid email' })).toHaveCount(0);
      await form.submit.click();
      await expect(form.email).toHaveAccessibleDescription('Please enter a valid email address');
      await expect(form.email).toHaveValue('jamie@example');
      await expect(page.getByText('Current Entries: 0')).toBeVisible();
    },
  );

  test(
    'entering shows You’re In, survives a reload, and refuses the same e-mail again',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Protein Bundle',
        endDate: fromNow({ days: 5 }),
        maxEntries: 50,
      });
      await seedEntries(server, contest.id, existing);

      // The owner watches the dashboard in another browser.
      const ownerContext = await signedInContext(browser, server, owner.id);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(`/dashboard/${contest.id}`);
      await expect(statValue(ownerPage, 'Total Registrants')).toHaveText('3');

      await page.goto(`/c/${contest.id}`);
      await enterContest(page, '  Jamie Lee ', 'Jamie.Lee@Example.com');
      await expectToast(
        page,
        'Entry Successful!',
        "You've been entered into the contest. Good luck!",
      );
      await expect(youreIn(page)).toBeVisible();
      await expect(
        page.getByText('Thanks Jamie Lee! Your entry has been confirmed.'),
      ).toBeVisible();
      // In the contest's zone (UTC unless set), as every date an entrant reads.
      const endsOn = formatContestDate(contest.endDate, contest.timeZone);
      await expect(page.getByText(`Winner will be chosen on ${endsOn}`)).toBeVisible();
      await expect(page.getByText('Current Entries: 4 of 50 maximum')).toBeVisible();
      await expect(entryForm(page).submit).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('entry-youre-in');

      // Coming back to the link (right away, as people do) still shows the confirmation.
      await page.reload();
      await expect(youreIn(page)).toBeVisible();
      await expect(
        page.getByText('Thanks Jamie Lee! Your entry has been confirmed.'),
      ).toBeVisible();
      await expect(page.getByText('Current Entries: 4 of 50 maximum')).toBeVisible();
      await snap('entry-youre-in-reloaded');

      // Same person, another device, other letter case: one entry per e-mail.
      const again = await newVisitor(browser, server.url);
      await again.page.goto(`/c/${contest.id}`);
      await enterContest(again.page, 'Jamie Again', 'JAMIE.LEE@example.COM ');
      // Said under the button, where the entrant is looking (not in a toast that goes).
      await expect(
        entryForm(again.page).submit.locator('xpath=following-sibling::*[@role="alert"]'),
      ).toContainText('This email has already entered this contest.');
      await expect(youreIn(again.page)).toHaveCount(0);
      await expect(entryForm(again.page).name).toHaveValue('Jamie Again');
      await again.page.screenshot({
        path: `test-results/screens/${test.info().project.name}/entry-duplicate.png`,
        fullPage: true,
      });
      await again.close();

      // The owner's dashboard counts the new entrant after a reload.
      await ownerPage.reload();
      await expect(statValue(ownerPage, 'Total Registrants')).toHaveText('4');
      const entries = ownerPage.getByRole('region', { name: 'Contest Entries' });
      await expect(entries.getByRole('listitem')).toHaveCount(4);
      await expect(entries.getByRole('listitem').first()).toContainText('Jamie Lee');
      await expect(entries.getByText('Jamie.Lee@Example.com', { exact: true })).toBeVisible();
      await ownerContext.close();
    },
  );

  test(
    'a reload right after someone entered shows the new count without a hydration error',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Busy Contest' });
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByText('Current Entries: 0', { exact: true })).toBeVisible();
      // Someone else enters in the same couple of seconds in which the server reuses its render.
      const answer = await page.request.post(`/api/contests/${contest.id}/entries`, {
        data: { name: 'Quick Entrant', email: 'quick@example.com' },
      });
      expect(answer.status()).toBe(201);
      await page.reload();
      await expect(page.getByText('Current Entries: 1', { exact: true })).toBeVisible();
      await expect(entryForm(page).submit).toBeEnabled();
    },
  );

  test(
    'what a visitor types before the script has run is kept, and the script sends it',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Slow Phone Special' });
      // A slow phone: the server's HTML is on screen, the scripts are still on their way.
      let releaseScripts = () => {};
      const scriptsArrive = new Promise<void>((resolve) => {
        releaseScripts = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await scriptsArrive;
        await route.continue();
      });
      // Module scripts hold DOMContentLoaded back: wait for the markup only.
      await page.goto(`/c/${contest.id}`, { waitUntil: 'commit' });
      const form = entryForm(page);
      await expect(form.name).toBeVisible();
      await form.name.fill('Early Typer');
      await form.email.fill('early@example.com');

      releaseScripts();
      // Hydrated: the script now sends the form itself (the toast says so), without a reload.
      await expect(page.locator('form[data-enhanced]')).toBeVisible();
      await expect(form.name).toHaveValue('Early Typer');
      await expect(form.email).toHaveValue('early@example.com');
      await waitLikeAPerson(page);
      await form.submit.click();
      await expectToast(page, 'Entry Successful!');
      await expect(
        page.getByText('Thanks Early Typer! Your entry has been confirmed.'),
      ).toBeVisible();
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByText('Current Entries: 1', { exact: true })).toBeVisible();
    },
  );

  test('a custom confirmation message replaces the default thanks', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Gym Bag Giveaway',
      confirmationMessage: 'See you at the live draw on Friday!',
    });
    await page.goto(`/c/${contest.id}`);
    await enterContest(page, 'Dana Cruz', 'dana@example.com');
    await expectToast(page, 'Entry Successful!');
    await expect(youreIn(page)).toBeVisible();
    await expect(page.getByText('See you at the live draw on Friday!')).toBeVisible();
    await expect(page.getByText(/Thanks Dana Cruz/)).toHaveCount(0);
    await expect(page.getByText(/^Winner will be chosen on /)).toBeVisible();
    await snap('entry-custom-message');
  });

  test(
    'a full contest refuses the next entrant',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Only One Spot',
        maxEntries: 1,
      });
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByText('Current Entries: 0 of 1 maximum')).toBeVisible();

      // Someone else takes the only place while this page is open.
      const first = await newVisitor(browser, server.url);
      await first.page.goto(`/c/${contest.id}`);
      await enterContest(first.page, 'Early Bird', 'early@example.com');
      await expect(youreIn(first.page)).toBeVisible();
      await first.close();

      await enterContest(page, 'Late Comer', 'late@example.com');
      await expectToast(page, 'Entry Failed', 'This contest is full.');
      await expect(youreIn(page)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('entry-full');

      await page.reload();
      await expect(page.getByText('Current Entries: 1 of 1 maximum')).toBeVisible();
      // A full contest says so instead of offering a form that would refuse.
      await expect(page.getByRole('heading', { name: 'Contest Full' })).toBeVisible();
      await expect(page.getByLabel('Full name')).toHaveCount(0);
    },
  );

  test(
    'an ended contest takes no entries and still shows its count',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Winter Warmup',
        endDate: fromNow({ days: -1 }),
      });
      await seedEntries(server, contest.id, existing.slice(0, 2));
      await page.goto(`/c/${contest.id}`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter Warmup');
      await expect(page.getByRole('heading', { name: 'Contest Ended' })).toBeVisible();
      await expect(page.getByText('This contest is no longer accepting entries.')).toBeVisible();
      await expect(entryForm(page).name).toHaveCount(0);
      await expect(entryForm(page).submit).toHaveCount(0);
      await expect(page.getByRole('timer')).toHaveCount(0);
      await expect(page.getByText('Current Entries: 2', { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('entry-ended');
    },
  );

  test(
    'a paused contest takes no entries either',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Taking a Break',
        state: 'paused',
      });
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByRole('heading', { name: 'Contest Ended' })).toBeVisible();
      await expect(entryForm(page).submit).toHaveCount(0);
    },
  );

  test('an unknown contest is not found', PHONE_ONLY, async ({ page, snap }) => {
    await page.goto(`/c/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
    await expect(page.getByText('This contest may have ended or been removed.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('entry-not-found');

    await page.goto('/c/not-a-contest-id');
    await expect(page.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
  });

  test(
    'the page is rendered on the server with link-preview tags',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Shred & Win <2026>',
        description: 'Twelve weeks of training.',
        prizeDetails: '3 months of personal training',
        prizeValue: '$450',
      });
      await seedEntries(server, contest.id, existing);

      const response = await page.request.get(`/c/${contest.id}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      const title = 'Shred &amp; Win &lt;2026&gt;';
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toContain(`<meta name="twitter:title" content="${title}" />`);
      expect(html).toContain(
        '<meta property="og:description" content="Win 3 months of personal training ($450). Twelve weeks of training." />',
      );
      expect(html).toContain(`<meta property="og:url" content="${server.url}/c/${contest.id}" />`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).toContain('Contest ends in:');
      // Public fields only: nothing about the owner or the entrants.
      expect(html).not.toContain(owner.id);
      expect(html).not.toContain(owner.email);
      expect(html).not.toContain('alice@example.com');

      // Without JavaScript the contest is already on screen.
      const noScript = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
      const staticPage = await noScript.newPage();
      await staticPage.goto(`/c/${contest.id}`);
      await expect(staticPage.getByRole('heading', { level: 1 })).toHaveText('Shred & Win <2026>');
      await expect(staticPage.getByText('Current Entries: 3', { exact: true })).toBeVisible();
      await noScript.close();

      // A missing contest answers 404, still with the app to say so.
      const missing = await page.request.get(`/c/${randomUUID()}`);
      expect(missing.status()).toBe(404);
    },
  );
});
