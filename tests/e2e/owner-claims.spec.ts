import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import type { OwnerPlaces } from '#shared/contracts/claims.ts';
import { dateTimeLocal } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * After the draw, the owner's side (docs/product.md#claims): the builder and the edit form set
 * whether winners are e-mailed, how long they have to claim and how the prize travels; the
 * dashboard shows where each prize stands and lets the owner send the notice again and report
 * the prize sent or delivered.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const entrants = [
  { name: 'Maya Chen', email: 'maya@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
  { name: 'Sam Okafor', email: 'sam@example.com' },
  { name: 'Lena Fischer', email: 'lena@example.com' },
];

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

function afterTheDraw(page: Page) {
  return {
    notify: page.getByRole('switch', { name: 'Notify winners by e-mail' }),
    window: field(page, 'Time to claim'),
    unit: page.getByRole('combobox', { name: 'Unit of the time to claim' }),
    delivery: (name: 'Digital' | 'Shipping' | 'Pickup') => page.getByRole('radio', { name }),
  };
}

async function fillValidContest(page: Page, title: string) {
  await field(page, 'Contest title').fill(title);
  await field(page, 'Description').fill('Train with us for 12 weeks. One lucky entrant wins.');
  await field(page, 'Prize details').fill('A pair of running shoes');
  await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 7 })));
}

/** The owner's places, read through the API with the page's session. */
async function placesOf(page: Page, contestId: string): Promise<OwnerPlaces> {
  const answer = await page.request.get(`/api/contests/${contestId}/claims`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as OwnerPlaces;
}

function winnerRows(page: Page): Locator {
  return page.getByRole('region', { name: /^Winners?$/ }).getByRole('listitem');
}

function rowOf(page: Page, name: string): Locator {
  return winnerRows(page).filter({ hasText: name });
}

test(
  'the builder sets what happens after the draw; the edit form keeps it and locks the time to claim at the first draw',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn, snap }) => {
    const owner = await seedUserWithPassword();
    await signIn(owner);
    await page.goto('/contest-builder');
    const fields = afterTheDraw(page);
    // Winners are e-mailed, have 72 hours and get a digital prize unless the owner says otherwise.
    await expect(fields.notify).toBeChecked();
    await expect(fields.window).toHaveValue('72');
    await expect(fields.unit).toHaveValue('hours');
    await expect(fields.delivery('Digital')).toBeChecked();
    await expect(fields.notify).toHaveAccessibleDescription(
      'Each winner gets an e-mail with a link to claim the prize.',
    );

    // Without notices, the owner is told what that means and the time to claim is not asked.
    await fields.notify.click();
    await expect(fields.notify).toHaveAccessibleDescription(
      'Winners are not e-mailed and places need no claim: you contact each winner yourself.',
    );
    await expect(fields.window).toBeDisabled();
    await snap('claims-builder-no-notice');
    await fields.notify.click();
    await expect(fields.window).toBeEnabled();

    // 1 minute to 30 days, said in the unit the owner typed.
    await fillValidContest(page, 'Shoe Drop');
    await fields.window.fill('31');
    await fields.unit.selectOption('days');
    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expect(fields.window).toHaveAccessibleDescription(
      'Time to claim must be at most 30 days',
    );
    await snap('claims-builder-error');
    await fields.unit.selectOption('minutes');
    await fields.window.fill('0');
    await expect(fields.window).toHaveAccessibleDescription(
      'Time to claim must be at least 1 minute',
    );
    await fields.window.fill('');
    await expect(fields.window).toHaveAccessibleDescription('Enter how long winners have to claim');
    await fields.window.fill('5');
    await fields.unit.selectOption('days');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await fields.delivery('Shipping').check();
    await expectNoHorizontalScroll(page);
    await snap('claims-builder');

    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expectToast(page, 'Contest Created!');
    await expect(page).toHaveURL(new RegExp(`/dashboard/${UUID}$`));
    const id = page.url().split('/').at(-1)!;
    const saved = async () =>
      (await server.db.select().from(contests).where(eq(contests.id, id)))[0]!;
    expect(await saved()).toMatchObject({
      notifyWinners: true,
      claimWindowMinutes: 5 * 24 * 60,
      prizeDelivery: 'shipping',
    });

    // The edit form shows what was chosen, and saves a change.
    await page.goto(`/contest-edit/${id}`);
    await expect(fields.notify).toBeChecked();
    await expect(fields.window).toHaveValue('5');
    await expect(fields.unit).toHaveValue('days');
    await expect(fields.delivery('Shipping')).toBeChecked();
    await fields.window.fill('36');
    await fields.unit.selectOption('hours');
    await fields.delivery('Pickup').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Contest Updated');
    expect(await saved()).toMatchObject({ claimWindowMinutes: 36 * 60, prizeDelivery: 'pickup' });

    // The first draw fixes the time to claim: shown, locked, and left out of the edit.
    await seedEntries(server, id, entrants.slice(0, 2));
    const drawn = await page.request.post(`/api/contests/${id}/draws`, { data: {} });
    expect(drawn.ok()).toBe(true);
    await page.goto(`/contest-edit/${id}`);
    await expect(fields.window).toHaveValue('36');
    await expect(fields.window).toBeDisabled();
    await expect(fields.unit).toBeDisabled();
    await expect(fields.window).toHaveAccessibleDescription(
      'Fixed by the first draw: every winner gets the same time to claim.',
    );
    await expect(fields.delivery('Pickup')).toBeChecked();
    await expectNoHorizontalScroll(page);
    await snap('claims-edit-locked');

    // The rest still changes, notices included.
    await fields.notify.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Contest Updated');
    expect(await saved()).toMatchObject({ notifyWinners: false, claimWindowMinutes: 36 * 60 });
  },
);

test('the dashboard shows where each prize stands: waiting, claimed with the details, sent', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  mailedLink,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, {
    title: 'Shoe Drop',
    winnersCount: 2,
  });
  await server.db
    .update(contests)
    .set({ prizeDelivery: 'shipping' })
    .where(eq(contests.id, contest.id));
  await seedEntries(server, contest.id, entrants);
  await signIn(owner);
  const drawn = await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} });
  expect(drawn.ok()).toBe(true);
  const [first, second] = (await placesOf(page, contest.id)).places.map((place) => place.winner!);

  await page.goto(`/dashboard/${contest.id}`);
  // Just drawn: each winner has 72 hours to claim.
  for (const winner of [first!, second!]) {
    const row = rowOf(page, winner.name);
    await expect(row.getByText(/^Waiting · (2d 23h|3d 0h) left$/)).toBeVisible();
    await expect(row.getByText(/^Claim by /)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Resend notice' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Mark sent' })).toHaveCount(0);
  }
  await expectNoHorizontalScroll(page);
  await page.getByRole('region', { name: 'Winners' }).scrollIntoViewIfNeeded();
  await snap('claims-dashboard-waiting');

  await rowOf(page, second!.name).getByRole('button', { name: 'Resend notice' }).click();
  await expectToast(
    page,
    'Notice Sent Again',
    `${second!.name} gets the e-mail again, with the same time to claim.`,
  );

  // The first winner claims from the link they were mailed; the address is shown as text.
  const link = new URL(await mailedLink(first!.email, '/claim'));
  const token = link.searchParams.get('token')!;
  const address = '<b>12 Oak Street</b>\nSpringfield, IL 62704';
  const accepted = await page.request.post(`/api/claims/${token}/accept`, {
    data: {
      fullName: 'Maya Li Chen',
      deliveryAddress: address,
      eligible: true,
      publicityConsent: false,
    },
  });
  expect(accepted.ok()).toBe(true);
  await page.reload();
  const claimed = rowOf(page, first!.name);
  await expect(claimed.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(claimed.getByText('Maya Li Chen', { exact: true })).toBeVisible();
  await expect(claimed.getByText('<b>12 Oak Street</b>', { exact: false })).toBeVisible();
  await expect(claimed.locator('b')).toHaveCount(0);
  await expect(claimed.getByText('Asked not to be announced')).toBeVisible();
  await expect(claimed.getByRole('button', { name: 'Resend notice' })).toHaveCount(0);
  await expect(rowOf(page, second!.name).getByText(/^Waiting · /)).toBeVisible();
  await snap('claims-dashboard-claimed');

  // Sent, with a private note.
  await claimed.getByRole('button', { name: 'Mark sent' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${first!.name}'s prize sent?` });
  await dialog.getByLabel('Note (optional)').fill('Tracking 1Z999AA10123456784');
  await snap('claims-mark-sent');
  await dialog.getByRole('button', { name: 'Mark sent' }).click();
  await expectToast(page, 'Marked Sent', `${first!.name}'s prize is marked sent.`);
  await expect(dialog).toHaveCount(0);
  await expect(claimed.getByText('Sent', { exact: true })).toBeVisible();
  await expect(claimed.getByText('Sent on', { exact: true })).toBeVisible();
  await expect(claimed.getByText('Claimed', { exact: true })).toHaveCount(0);
  await expect(claimed.getByText('Tracking 1Z999AA10123456784')).toBeVisible();
  await expect(claimed.getByRole('button', { name: 'Mark sent' })).toHaveCount(0);
  await expect(claimed.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('region', { name: 'Winners' }).scrollIntoViewIfNeeded();
  await snap('claims-dashboard-sent');

  // While e-mails are hidden (a shared screen), so are the address and the note.
  await page.getByRole('switch', { name: 'Hide e-mails' }).click();
  await expect(claimed.getByText('<b>12 Oak Street</b>', { exact: false })).toHaveCount(0);
  await expect(claimed.getByText('Tracking 1Z999AA10123456784')).toHaveCount(0);
  await expect(claimed.getByText('Hidden while e-mails are hidden')).toHaveCount(2);
  await page.getByRole('switch', { name: 'Hide e-mails' }).click();
});

test(
  'the notice goes again at most 3 times an hour; a place nobody was left to take says so',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn, mailedLink, snap }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Last Pair' });
    await seedEntries(server, contest.id, entrants.slice(0, 1));
    await signIn(owner);
    expect((await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} })).ok()).toBe(
      true,
    );
    await page.goto(`/dashboard/${contest.id}`);
    const row = rowOf(page, entrants[0]!.name);
    const resend = row.getByRole('button', { name: 'Resend notice' });
    for (let sent = 0; sent < 3; sent += 1) {
      await resend.click();
      await expectToast(page, 'Notice Sent Again');
      await expect(resend).toBeEnabled();
    }
    await resend.click();
    await expectToast(
      page,
      'Not Sent',
      'The notice was sent 3 times in the last hour. Try again later.',
    );

    // The only entrant declines: nobody is left to take the place.
    const link = new URL(await mailedLink(entrants[0]!.email, '/claim'));
    const declined = await page.request.post(
      `/api/claims/${link.searchParams.get('token')}/decline`,
    );
    expect(declined.ok()).toBe(true);
    await page.reload();
    await expect(winnerRows(page)).toHaveCount(1);
    await expect(winnerRows(page)).toHaveText(/No entry was left to take this place\./);
    // Nobody left to draw: SPIN is off and says why, rather than doing nothing.
    const draw = page.getByRole('region', { name: 'Spin to Choose Winner' });
    await expect(draw.getByRole('button', { name: 'SPIN' })).toBeDisabled();
    await expect(draw.getByText('No entries are left to draw from.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('region', { name: 'Winner', exact: true }).scrollIntoViewIfNeeded();
    await snap('claims-dashboard-unfilled');
  },
);
