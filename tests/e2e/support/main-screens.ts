import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { enterContest, signedInContext } from './contest-helpers.ts';
import { expect, uniqueEmail } from './fixtures.ts';
import { seedContest } from './seed-contests.ts';

/**
 * The app's main screens in the states people meet them, for the checks that walk every screen
 * (tap targets, focus rings, axe): an open contest with entries, one with a referral bonus, and
 * one whose winners are drawn.
 */

type Server = Parameters<typeof signedInContext>[1];

export type Screen = { name: string; path: string; heading: string | RegExp };

const entrants = [
  { name: 'Maya Chen', email: 'maya.chen.long-address@example.com' },
  { name: 'Jordan Alvarez-Whitfield', email: 'jordan@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
  { name: 'Tom Berg', email: 'tom@example.com' },
  { name: 'Ana Kowalski', email: 'ana@example.com' },
];

export async function seedMainScreens(browser: Browser, server: Server, ownerId: string) {
  const open = await seedContest(server.db, ownerId, { title: 'Open Studio Giveaway' });
  await seedEntries(server, open.id, entrants);
  const bonus = await seedContest(server.db, ownerId, { title: 'Bring a Friend Giveaway' });
  await server.db
    .update(contests)
    .set({ referralBonus: 3, referralCap: 30, showLeaderboard: true })
    .where(eq(contests.id, bonus.id));
  const drawn = await seedContest(server.db, ownerId, {
    title: 'Drawn Protein Bundle',
    winnersCount: 2,
  });
  await seedEntries(server, drawn.id, entrants);
  const owner = await signedInContext(browser, server, ownerId);
  try {
    const answer = await owner.request.post(`/api/contests/${drawn.id}/draws`, {
      data: { count: 2 },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  } finally {
    await owner.close();
  }

  const screens = {
    landing: { name: 'landing', path: '/', heading: /./ },
    entry: { name: 'entry page', path: `/c/${open.id}`, heading: 'Open Studio Giveaway' },
    entryWithBonus: {
      name: 'entry page with a referral bonus',
      path: `/c/${bonus.id}`,
      heading: 'Bring a Friend Giveaway',
    },
    drawRecord: { name: 'draw record', path: `/c/${drawn.id}/draw`, heading: /./ },
    contests: { name: 'contests list', path: '/', heading: 'Your Contests' },
    dashboard: {
      name: 'dashboard before the draw',
      path: `/dashboard/${open.id}`,
      heading: 'Open Studio Giveaway',
    },
    dashboardDrawn: {
      name: 'dashboard after the draw',
      path: `/dashboard/${drawn.id}`,
      heading: 'Drawn Protein Bundle',
    },
    builder: { name: 'builder', path: '/contest-builder', heading: 'Create a New Contest' },
  } satisfies Record<string, Screen>;
  return { open, bonus, drawn, screens };
}

/** Opens a screen and waits for its first heading (the app's data has arrived). */
export async function openScreen(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
}

/**
 * Enters the contest with the referral bonus on this page, as an entrant on their phone: the
 * "You're in" view, then the status page its link opens. Returns the status page's address.
 */
export async function enterForStatusPage(page: Page, contestId: string): Promise<string> {
  await page.goto(`/c/${contestId}`);
  await enterContest(page, 'Maria Santos', uniqueEmail('maria'));
  await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
  const statusLink = page.getByRole('link', { name: 'See your entries and rank' });
  return (await statusLink.getAttribute('href'))!;
}
