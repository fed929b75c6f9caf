import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import {
  adminScreens,
  countFigures,
  expectStatCards,
  listRow,
  searchContests,
  tabPanel,
  uniqueToken,
} from './support/admin-helpers.ts';
import { contestCard, statValue } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * One status everywhere (docs/product.md#contest-states), live numbers on the dashboard and the
 * "Hide e-mails" switch for presenting the draw (docs/product.md#owner-screens).
 */

const entrants = [
  { name: 'Dana Park', email: 'dana.park@gmail.com', entryDate: fromNow({ hours: -3 }) },
  { name: 'Eli Moss', email: 'eli@moss-fitness.io', entryDate: fromNow({ hours: -2 }) },
  { name: 'Fay Lund', email: 'fay.lund@example.org', entryDate: fromNow({ hours: -1 }) },
];

/** Draws every place through the owner's own API call, as the SPIN button does. */
async function drawAll(page: Page, contestId: string) {
  const drawn = await page.request.post(`/api/contests/${contestId}/draws`, { data: {} });
  expect(drawn.ok()).toBe(true);
}

function entriesList(page: Page) {
  return page.getByRole('region', { name: 'Contest Entries' });
}

test.describe('contest status', () => {
  test(
    'a drawn contest says "Winners drawn": no pause, no time left, its end kept',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      // A draw and three screens, each looked at.
      test.slow();
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Drawn Early Raffle',
        endDate: fromNow({ days: 8, hours: 4, minutes: 30 }),
        // No claims: the winners' "time left to claim" would read like the contest's own.
        notifyWinners: false,
      });
      await seedEntries(server, contest.id, entrants);
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await expect(page.getByRole('button', { name: 'Pause entries' })).toBeVisible();
      await drawAll(page, contest.id);

      await page.reload();
      const actions = page.getByRole('navigation', { name: 'Contest actions' });
      await expect(page.getByText('Winners drawn', { exact: true })).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
      await expect(
        actions.getByRole('button', { name: /Pause entries|Resume entries/ }),
      ).toHaveCount(0);
      await expect(statValue(page, 'Entries closed')).toBeVisible();
      await expect(page.getByText('Time Left', { exact: true })).toHaveCount(0);
      await expect(page.getByText(/\d[dhm]( \d+h)? left/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('status-drawn-dashboard');

      // The owner's list says the same.
      await page.goto('/');
      const card = contestCard(page, 'Drawn Early Raffle');
      await expect(card.getByText('Winners drawn', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Entries closed /)).toBeVisible();
      await expect(card.getByText(/\d[dhm]( \d+h)? left/)).toHaveCount(0);
      await snap('status-drawn-card');

      // The edit form keeps its end and says why; other edits still save.
      await page.goto(`/contest-edit/${contest.id}`);
      const endDate = page.getByLabel(/end date/i);
      await expect(endDate).toHaveAttribute('readonly', '');
      await expect(endDate).toHaveAccessibleDescription(
        'Fixed by the draw: entries are closed for good.',
      );
      // Moved anyway (bypassing the form), the server refuses with its own code.
      const moved = await page.request.put(`/api/contests/${contest.id}`, {
        data: {
          title: contest.title,
          description: contest.description,
          prizeDetails: contest.prizeDetails,
          endDate: fromNow({ days: 20 }).toISOString(),
        },
      });
      expect(moved.status()).toBe(409);
      expect((await moved.json()) as { code: string }).toMatchObject({ code: 'CONTEST_DRAWN' });
    },
  );

  test(
    'the admin counts a drawn contest as drawn, not active, and filters by status',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const admin = await seedUserWithPassword({ role: 'admin' });
      const owner = await seedUserWithPassword();
      const token = uniqueToken();
      const drawn = await seedContest(server.db, owner.id, { title: `Drawn ${token} Prize` });
      await seedContest(server.db, owner.id, { title: `Open ${token} Prize` });
      await seedEntries(server, drawn.id, entrants);
      await signIn(owner);
      await drawAll(page, drawn.id);

      await signIn(admin);
      await page.goto(adminScreens.panel);
      await expectStatCards(page, await countFigures(server.db));

      await page.getByRole('tab', { name: 'Contest Management' }).click();
      await searchContests(page).fill(token);
      await expect(page.getByText('2 contests', { exact: true })).toBeVisible();
      const drawnRow = listRow(tabPanel(page), `Drawn ${token} Prize`);
      await expect(drawnRow.getByText('Winners drawn', { exact: true })).toBeVisible();
      await expect(drawnRow.getByText('Active', { exact: true })).toHaveCount(0);
      await expect(
        listRow(tabPanel(page), `Open ${token} Prize`).getByText('Active', { exact: true }),
      ).toBeVisible();

      await page.getByRole('combobox', { name: 'Show contests' }).selectOption('Winners drawn');
      await expect(page.getByText('1 contest', { exact: true })).toBeVisible();
      await expect(drawnRow).toBeVisible();
      await page.getByRole('combobox', { name: 'Show contests' }).selectOption('Active');
      await expect(page.getByText('1 contest', { exact: true })).toBeVisible();
      await expect(listRow(tabPanel(page), `Open ${token} Prize`)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('status-admin-filter');
    },
  );
});

test.describe('live dashboard', () => {
  test(
    'a new entry appears within 3 seconds, and each filter counts what it lists',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Live Count Raffle' });
      await seedEntries(server, contest.id, entrants);
      // One of them is flagged.
      await server.db
        .update(contestEntries)
        .set({ flags: ['fast-submit'] })
        .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.name, 'Dana Park')));
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      const list = entriesList(page);
      await expect(statValue(page, 'Total Registrants')).toHaveText('3');
      await expect(list.getByRole('tab', { name: 'All 3' })).toBeVisible();

      const answer = await page.request.post(`/api/contests/${contest.id}/entries`, {
        data: { name: 'Gus Newcomer', email: 'gus.newcomer@example.com' },
      });
      expect(answer.status()).toBe(201);
      await expect(list.getByText('Gus Newcomer')).toBeVisible({ timeout: 3_000 });
      await expect(statValue(page, 'Total Registrants')).toHaveText('4', { timeout: 3_000 });

      // The number beside each filter is the number of rows it lists. Sent without the entry page,
      // the new entry is flagged too ("No entry page").
      for (const [filter, count] of [
        ['All', 4],
        ['Confirmed', 4],
        ['Pending', 0],
        ['Flagged', 2],
      ] as const) {
        const tab = list.getByRole('tab', { name: new RegExp(`^${filter}`) });
        await expect(tab).toHaveText(new RegExp(`${filter}\\s*${count}`));
        await tab.click();
        // The rows of the list, not the lists of flags inside a row.
        const rows = list.getByRole('tabpanel').locator('ul').first().locator(':scope > li');
        await expect(rows).toHaveCount(count);
      }
      await expectNoHorizontalScroll(page);
      await snap('live-dashboard-filters');
    },
  );

  test(
    'no polling when the contest is not open or the tab is hidden',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const paused = await seedContest(server.db, owner.id, { state: 'paused' });
      await signIn(owner);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (/\/entries(\/count|\/summary|\?)/.test(request.url())) asked.push(request.url());
      });
      await page.goto(`/dashboard/${paused.id}`);
      await expect(page.getByText('Paused', { exact: true })).toBeVisible();
      await page.waitForTimeout(500);
      const afterLoad = asked.length;
      await page.waitForTimeout(4_500);
      expect(asked.length).toBe(afterLoad);

      const open = await seedContest(server.db, owner.id);
      await page.goto(`/dashboard/${open.id}`);
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      // Hidden: the browser says so and the dashboard stops asking.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await page.waitForTimeout(500);
      const whenHidden = asked.length;
      await page.waitForTimeout(4_500);
      expect(asked.length).toBe(whenHidden);
    },
  );
});

test.describe('hide e-mails', () => {
  test('masks addresses in the entries and the winners, for the session; on in full screen', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    // A draw, a reload and full screen in and out.
    test.slow();
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Presented Raffle',
      winnersCount: 2,
    });
    await seedEntries(server, contest.id, entrants);
    await signIn(owner);
    await drawAll(page, contest.id);
    await page.goto(`/dashboard/${contest.id}`);

    // The dashboard's switch; in full screen, the one shown with the draw.
    const hide = page
      .getByRole('navigation', { name: 'Contest actions' })
      .getByRole('switch', { name: 'Hide e-mails' });
    const hideInFullscreen = page
      .locator(':fullscreen')
      .getByRole('switch', { name: 'Hide e-mails' });
    const list = entriesList(page);
    const winners = page.getByRole('region', { name: 'Winners' });
    await expect(hide).not.toBeChecked();
    await expect(list.getByText('dana.park@gmail.com', { exact: true })).toBeVisible();

    await hide.click();
    await expect(hide).toBeChecked();
    await expect(list.getByText('d…@gmail.com', { exact: true })).toBeVisible();
    await expect(list.getByText('e…@moss-fitness.io', { exact: true })).toBeVisible();
    await expect(page.getByText('dana.park@gmail.com')).toHaveCount(0);
    await expect(page.getByText('eli@moss-fitness.io')).toHaveCount(0);
    await expect(page.getByText('fay.lund@example.org')).toHaveCount(0);
    await expect(winners.getByText(/^.…@/)).toHaveCount(2);
    await snap('hide-emails-on');

    // Remembered for the session.
    await page.reload();
    await expect(hide).toBeChecked();
    await expect(list.getByText('d…@gmail.com', { exact: true })).toBeVisible();

    // Off again, then the draw shown full screen: on by default there.
    await hide.click();
    await expect(list.getByText('dana.park@gmail.com', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Show the draw full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(hideInFullscreen).toBeChecked();
    await expect(winners.getByText(/^.…@/)).toHaveCount(2);
    await snap('hide-emails-fullscreen');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Show the draw full screen' })).toBeVisible();
    await expect(hide).toBeChecked();
  });
});
