import type { Locator, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contestPicks, contests } from '#server/db/schema.ts';
import { recordFulfilment } from '#server/features/claims/service.ts';
import { findContest } from '#server/features/contests/service.ts';
import { drawPlaces } from '#server/features/draws/service.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { claimMessages, type PrizeDelivery } from '#shared/contracts/claims.ts';
import { drawAsOwner } from './support/admin-helpers.ts';
import {
  expect,
  PHONE_ONLY,
  test,
  uniqueEmail,
  type UserWithPassword,
} from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The winner's claim link (docs/product.md#claims): the mailed link opens the place, the prize
 * and the deadline with the time left; the winner claims (the server's errors beside the fields
 * first), or declines after a question, and a link whose place is gone says so. The page is the
 * server's; its one small script only makes the time left tick and asks the question in place.
 */

type Server = { app: FastifyInstance; db: Db; url: string };

const CLAIM_PATH = '/claim';

/**
 * A published contest with `entrants` entries, every place drawn by the owner: its winners are
 * mailed their links. `claimWindowMinutes` short enough lets the time left tick by seconds.
 */
async function drawnContest(
  server: Server,
  owner: UserWithPassword,
  {
    title,
    winnersCount = 1,
    entrants = 3,
    prizeDelivery = 'digital',
    claimWindowMinutes = 4_320,
  }: {
    title: string;
    winnersCount?: number;
    entrants?: number;
    prizeDelivery?: PrizeDelivery;
    claimWindowMinutes?: number;
  },
) {
  const contest = await seedContest(server.db, owner.id, {
    title,
    prizeDetails: 'A pair of running shoes\nIn the size of your choice',
    winnersCount,
  });
  await server.db
    .update(contests)
    .set({ prizeDelivery, claimWindowMinutes })
    .where(eq(contests.id, contest.id));
  await seedEntries(
    server,
    contest.id,
    Array.from({ length: entrants }, (_, i) => ({
      name: `Runner ${i + 1} Example`,
      email: uniqueEmail(`runner${i + 1}`),
    })),
  );
  if (winnersCount === 1) {
    await drawAsOwner(server, owner, contest.id);
  } else {
    // Every place at once, as the owner's "Draw the winners"; the e2e server has no beacon.
    const stored = (await findContest(server, contest.id))!;
    const ctx = {
      ...server.app.appContext,
      config: { ...server.app.appContext.config, drawBeacon: null },
    };
    const actor = { ...owner, role: 'user' as const };
    await drawPlaces(ctx, actor, stored, winnersCount);
  }
  return contest;
}

/** The address of the entry holding `position` now. */
async function winnerAt(db: Db, contestId: string, position: number): Promise<string> {
  const [row] = await db
    .select({ email: contestEntries.email })
    .from(contestPicks)
    .innerJoin(contestEntries, eq(contestEntries.id, contestPicks.entryId))
    .where(
      and(
        eq(contestPicks.contestId, contestId),
        eq(contestPicks.position, position),
        eq(contestPicks.status, 'winner'),
      ),
    );
  return row!.email;
}

const claimForm = (page: Page) => ({
  fullName: page.getByLabel('Full name'),
  address: page.getByLabel('Delivery address'),
  eligible: page.getByLabel(/^I confirm I am eligible/),
  publicity: page.getByLabel('You may announce my name as a winner (optional)'),
  accept: page.getByRole('button', { name: 'Accept the prize' }),
});

const countdown = (page: Page): Locator => page.getByRole('timer');

/** The place's card in the public record. */
const placeInRecord = (page: Page, position: number) =>
  page
    .getByRole('list', { name: 'Winners by position' })
    .getByRole('listitem', { name: `Place ${position}`, exact: true });

/** A claim sent with every mistake the server refuses, then put right; typed values stay. */
async function claimAfterErrors(page: Page, { isShipped }: { isShipped: boolean }) {
  const form = claimForm(page);
  await form.fullName.fill('Ada Runner');
  if (isShipped) await form.address.fill('12');
  await form.publicity.check();
  await form.accept.click();
  await expect(
    page.getByText('Your claim was not sent: check the fields marked below.'),
  ).toBeVisible();
  await expect(page.getByText('Confirm that you are eligible to win')).toBeVisible();
  await expect(form.eligible).toHaveAttribute('aria-invalid', 'true');
  if (isShipped) {
    await expect(page.getByText('Delivery address must be at least 5 characters')).toBeVisible();
    await expect(form.address).toHaveValue('12');
  }
  await expect(form.fullName).toHaveValue('Ada Runner');
  await expect(form.publicity).toBeChecked();
  await expect(form.eligible).not.toBeChecked();
  await expectNoHorizontalScroll(page);
}

test.describe('the claim link with JavaScript', () => {
  test('a winner sees the place, prize, deadline and time left, claims after errors; another declines in place; the record shows both', async ({
    page,
    server,
    seedUserWithPassword,
    mailedLink,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await drawnContest(server, owner, {
      title: 'Marathon Shoe Giveaway',
      winnersCount: 2,
      entrants: 4,
      prizeDelivery: 'shipping',
      claimWindowMinutes: 30,
    });

    const first = await winnerAt(server.db, contest.id, 1);
    await page.goto(await mailedLink(first, CLAIM_PATH));
    await expect(page).toHaveTitle('Claim your prize – Prizewheel');
    await expect(page.getByText('Marathon Shoe Giveaway')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You won 1st place!' })).toBeVisible();
    await expect(page.getByText('A pair of running shoes')).toBeVisible();
    await expect(page.getByText(/^Claim by \w+day, \d+ \w+ \d{4} at \d\d:\d\d UTC$/)).toBeVisible();
    // The time left ticks by the second in the last hour.
    await expect(countdown(page)).toHaveText(/^(29m \d\d?s|30m 0s) left$/);
    const shown = await countdown(page).textContent();
    await expect(countdown(page)).not.toHaveText(shown!);
    await expect(page.getByRole('link', { name: 'See the public draw record' })).toHaveAttribute(
      'href',
      `/c/${contest.id}/draw`,
    );
    await expectNoHorizontalScroll(page);
    await snap('claim-pending');

    await claimAfterErrors(page, { isShipped: true });
    await snap('claim-errors');
    const form = claimForm(page);
    await form.address.fill('12 Finish Line Road\nLeeds LS1 4AP\nUnited Kingdom');
    await form.eligible.check();
    await form.accept.click();
    await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();
    await expect(page.getByText('Thank you, Ada Runner: the prize is yours.')).toBeVisible();
    await expect(
      page.getByText('The owner will send the prize to the address you gave.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('12 Finish Line Road')).toBeVisible();
    await expect(page).toHaveTitle('Prize claimed – Prizewheel');
    await expectNoHorizontalScroll(page);
    await snap('claim-claimed');

    // The second winner declines: the question is asked in place, and Cancel takes it back.
    const second = await winnerAt(server.db, contest.id, 2);
    const secondLink = await mailedLink(second, CLAIM_PATH);
    await page.goto(secondLink);
    await expect(page.getByRole('heading', { name: 'You won 2nd place!' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline the prize' }).click();
    const question = page.getByRole('heading', { name: 'Decline the prize?' });
    await expect(question).toBeVisible();
    await expect(question).toBeFocused();
    await expect(claimForm(page).accept).toBeHidden();
    expect(page.url()).toBe(secondLink);
    await expectNoHorizontalScroll(page);
    await snap('claim-decline-question');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(claimForm(page).accept).toBeVisible();
    await page.getByRole('button', { name: 'Decline the prize' }).click();
    await page.getByRole('button', { name: 'Decline the prize' }).click();
    await expect(page.getByRole('heading', { name: 'Prize declined' })).toBeVisible();
    await expect(
      page.getByText(/^You declined this prize. If any entry is left, the next one drawn/),
    ).toBeVisible();
    await snap('claim-declined');

    // The link again: dead, with the way to the record.
    await page.goto(secondLink);
    await expect(page.getByText(claimMessages.declined)).toBeVisible();
    await expect(claimForm(page).accept).toBeHidden();
    await expectNoHorizontalScroll(page);
    await snap('claim-dead-link');

    // The owner sent the first prize.
    const stored = (await findContest(server, contest.id))!;
    await recordFulfilment(server.app.appContext, stored, 1, { status: 'sent' });

    // The record: claimed and sent; declined and taken by the next entry drawn, yet to claim.
    await page.getByRole('link', { name: 'See the public draw record' }).click();
    await expect(page).toHaveURL(`/c/${contest.id}/draw`);
    await expect(placeInRecord(page, 1).getByText('Claimed', { exact: true })).toBeVisible();
    await expect(placeInRecord(page, 1).getByText('Prize sent', { exact: true })).toBeVisible();
    const place2 = placeInRecord(page, 2);
    await expect(place2.getByText('Declined', { exact: true })).toBeVisible();
    await expect(
      place2.getByText('Declined – the next entry drawn took the place', { exact: false }),
    ).toBeVisible();
    await expect(place2.getByText(/^Waiting for the winner to claim, until /)).toBeVisible();
    await expect(place2.getByText('Disqualified', { exact: true })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('claim-record');
  });

  test(
    'a link whose time has passed, and a link nobody was sent, say so',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await drawnContest(server, owner, { title: 'Too Late Giveaway' });
      const link = await mailedLink(await winnerAt(server.db, contest.id, 1), CLAIM_PATH);
      await server.db
        .update(contestPicks)
        .set({ claimDeadline: new Date(Date.now() - 1000) })
        .where(eq(contestPicks.contestId, contest.id));
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Too late to claim' })).toBeVisible();
      await expect(page.getByText(claimMessages.expired)).toBeVisible();
      await expect(page.getByText('Too Late Giveaway')).toBeVisible();
      await expect(page.getByRole('link', { name: 'See the public draw record' })).toHaveAttribute(
        'href',
        `/c/${contest.id}/draw`,
      );
      await expectNoHorizontalScroll(page);
      await snap('claim-expired');

      await page.goto(`${CLAIM_PATH}?token=${'A'.repeat(43)}`);
      await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
      await expect(page.getByText(claimMessages.unknown)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
        'href',
        '/',
      );
      await snap('claim-unknown');
    },
  );
});

test.describe('the claim link without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'the winner sees the time left as of loading, and claims after errors',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await drawnContest(server, owner, { title: 'Plain Page Giveaway' });
      const link = await mailedLink(await winnerAt(server.db, contest.id, 1), CLAIM_PATH);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'You won!' })).toBeVisible();
      await expect(countdown(page)).toHaveText(/^(2d 23h|3d 0h) left$/);
      await expect(page.getByText(/^Claim by \w+day, .* UTC$/)).toBeVisible();
      // A digital prize: no address asked.
      await expect(claimForm(page).address).toHaveCount(0);
      await snap('nojs-claim-pending');

      await claimAfterErrors(page, { isShipped: false });
      await snap('nojs-claim-errors');
      await claimForm(page).eligible.check();
      await claimForm(page).accept.click();
      await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeVisible();
      await expect(
        page.getByText('The owner will send you the prize by e-mail.', { exact: false }),
      ).toBeVisible();
      // Opened again: still claimed, no form.
      await page.goto(link);
      await expect(page.getByText('You have claimed this prize: it is yours.')).toBeVisible();
      await expect(claimForm(page).accept).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('nojs-claim-claimed');
    },
  );

  test(
    'declining asks first on a page of its own, and Cancel goes back',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await drawnContest(server, owner, { title: 'Second Thoughts Giveaway' });
      const link = await mailedLink(await winnerAt(server.db, contest.id, 1), CLAIM_PATH);
      await page.goto(link);
      await page.getByRole('button', { name: 'Decline the prize' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Decline the prize?');
      await expect(page).toHaveTitle('Decline the prize? – Prizewheel');
      await expect(claimForm(page).accept).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('nojs-claim-decline-question');

      // Cancel: back to the link, nothing changed.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page.getByRole('heading', { name: 'You won!' })).toBeVisible();
      await page.getByRole('button', { name: 'Decline the prize' }).click();
      await page.getByRole('button', { name: 'Decline the prize' }).click();
      await expect(page.getByRole('heading', { name: 'Prize declined' })).toBeVisible();
      await snap('nojs-claim-declined');
      await page.goto(link);
      await expect(page.getByText(claimMessages.declined)).toBeVisible();
    },
  );
});

test(
  'the record says a place stays empty when no entry was left to take it',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, mailedLink, snap }) => {
    const owner = await seedUserWithPassword();
    const contest = await drawnContest(server, owner, {
      title: 'Nobody Left Giveaway',
      entrants: 1,
    });
    await page.goto(await mailedLink(await winnerAt(server.db, contest.id, 1), CLAIM_PATH));
    await page.getByRole('button', { name: 'Decline the prize' }).click();
    await page.getByRole('button', { name: 'Decline the prize' }).click();
    await expect(page.getByRole('heading', { name: 'Prize declined' })).toBeVisible();
    await page.goto(`/c/${contest.id}/draw`);
    const place = placeInRecord(page, 1);
    await expect(place.getByText('No entry was left to take this place.')).toBeVisible();
    await expect(place.getByText('Declined', { exact: true })).toBeVisible();
    await snap('claim-record-empty-place');
  },
);
