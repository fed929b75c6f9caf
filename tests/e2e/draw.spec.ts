import type { Locator, Page } from '@playwright/test';
import { seedEntries } from '#server/testing/seed.ts';
import type { DrawHistoryItem, WheelData } from '#shared/contracts/draws.ts';
import { confirmEarlyDraw } from './support/draw-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const entrants = [
  { name: 'Maya Chen', email: 'maya@example.com' },
  { name: 'Jordan Alvarez-Whitfield the Third', email: 'jordan@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
];

const crowd = [
  ...entrants,
  { name: 'Sam Okafor', email: 'sam@example.com' },
  { name: 'Lena Fischer', email: 'lena@example.com' },
  { name: 'Tomás Ruiz', email: 'tomas@example.com' },
];

/** The owner's view of the wheel, read through the API with the page's session. */
async function wheelOf(page: Page, contestId: string): Promise<WheelData> {
  const answer = await page.request.get(`/api/contests/${contestId}/wheel`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as WheelData;
}

async function historyOf(page: Page, contestId: string): Promise<DrawHistoryItem[]> {
  const answer = await page.request.get(`/api/contests/${contestId}/draws`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as DrawHistoryItem[];
}

function drawCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Spin to Choose Winner' });
}

/** The winners box and its rows, one per filled place, by position. */
function winnerRows(page: Page): Locator {
  return page.getByRole('region', { name: /^Winners?$/ }).getByRole('listitem');
}

/** Each row reads "{1st} {name} {e-mail}", in the order of the places. */
async function expectWinners(page: Page, places: WheelData['places']) {
  const rows = winnerRows(page);
  await expect(rows).toHaveCount(places.length);
  for (const [index, place] of [...places].sort((a, b) => a.position - b.position).entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(['1st', '2nd', '3rd'][place.position - 1]!);
    await expect(row).toContainText(place.name);
    await expect(row).toContainText(place.email);
  }
}

test('the owner spins, the wheel lands on the winner the server drew, then redraws and spins again', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, { title: 'Wheel night' });
  await seedEntries(server, contest.id, entrants);
  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);

  const draw = drawCard(page);
  const spinButton = draw.getByRole('button', { name: 'SPIN', exact: true });
  await expect(draw.getByText('3 entries on the wheel')).toBeVisible();
  // One place: no "Draw all" beside SPIN.
  await expect(draw.getByRole('button', { name: /^Draw all/ })).toHaveCount(0);
  await snap('draw-idle');

  await spinButton.click();
  await confirmEarlyDraw(page);
  await expect(draw.getByRole('button', { name: 'SPINNING...' })).toBeDisabled();
  await expectToast(page, 'Winner Selected!');

  const { places } = await wheelOf(page, contest.id);
  expect(places).toHaveLength(1);
  const winner = places[0]!;
  await expect(draw.getByRole('heading', { name: 'Winner', exact: true })).toBeVisible();
  await expectWinners(page, places);
  await expect(draw.getByText(/^Selected on /)).toBeVisible();
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
  await expect(draw.getByRole('link', { name: 'Public draw record' })).toHaveAttribute(
    'href',
    `/c/${contest.id}/draw`,
  );
  // The entries list marks the same winner.
  await expect(
    page.getByRole('listitem').filter({ hasText: winner.email }).getByLabel('Winner'),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap('draw-complete');

  await draw.getByRole('button', { name: 'Redraw the winner' }).click();
  const redraw = page.getByRole('dialog', { name: 'Redraw the winner?' });
  await redraw.getByLabel('Public reason').fill('Did not reply within 72 hours');
  await redraw.getByRole('button', { name: 'Redraw the winner' }).click();
  await expectToast(page, 'Ready to Redraw');
  await expect(spinButton).toBeEnabled();
  // The winner disqualified is off the wheel.
  await expect(draw.getByText('2 entries on the wheel')).toBeVisible();
  await expect(winnerRows(page)).toHaveCount(0);
  await spinButton.click();
  await expectToast(page, 'Winner Selected!');
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
  const [replacement] = (await wheelOf(page, contest.id)).places;
  // The reset took the first winner out of the draw: the next pick is someone else.
  expect(replacement!.entryId).not.toBe(winner.entryId);
  await expectWinners(page, [replacement!]);

  await draw.getByText(/Draw history/).click();
  await expect(draw.getByText('Random draw', { exact: false })).toHaveCount(2);
  const disqualified = draw.getByRole('listitem').filter({ hasText: 'Disqualified' });
  await expect(disqualified).toContainText(winner.name);
  await expect(disqualified).toContainText('Did not reply within 72 hours');
  await snap('draw-history');
});

test(
  'with three places, SPIN fills the next one and "Draw all" fills the rest in turn',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn, snap }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Three prizes',
      winnersCount: 3,
    });
    await seedEntries(server, contest.id, crowd);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    const draw = drawCard(page);
    await expect(draw.getByText('6 entries on the wheel · 3 places')).toBeVisible();
    await expect(draw.getByRole('button', { name: 'Draw all 3' })).toBeEnabled();

    await draw.getByRole('button', { name: 'SPIN', exact: true }).click();
    await confirmEarlyDraw(page);
    await expect(draw.getByRole('button', { name: 'Draw all 3' })).toBeDisabled();
    await expectToast(page, 'Winner Selected!');
    const first = await wheelOf(page, contest.id);
    expect(first.places.map((place) => place.position)).toEqual([1]);
    await expectWinners(page, first.places);
    await expect(draw.getByText('1 of 3 places filled')).toBeVisible();

    await draw.getByRole('button', { name: 'Draw all 2' }).click();
    await expect(draw.getByRole('button', { name: 'SPINNING...' })).toBeDisabled();
    // The wheel shows the places one after the other: the second comes before the third.
    await expect(winnerRows(page)).toHaveCount(2, { timeout: 10_000 });
    await expectToast(page, 'Winners Selected!', '2 places filled.');
    await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
    await expect(draw.getByRole('button', { name: /^Draw all/ })).toHaveCount(0);

    const all = await wheelOf(page, contest.id);
    expect(all.places.map((place) => place.position)).toEqual([1, 2, 3]);
    expect(new Set(all.places.map((place) => place.entryId)).size).toBe(3);
    await expect(draw.getByRole('heading', { name: 'Winners', exact: true })).toBeVisible();
    await expect(draw.getByText('3 of 3 places filled')).toBeVisible();
    await expectWinners(page, all.places);
    // The entries list gives each winner a trophy.
    for (const place of all.places) {
      await expect(
        page.getByRole('listitem').filter({ hasText: place.email }).getByLabel('Winner'),
      ).toHaveCount(1);
    }
    await expect(page.getByLabel('Winner', { exact: true })).toHaveCount(3);
    await expectNoHorizontalScroll(page);
    await snap('draw-three-winners');
  },
);

test(
  '"Draw all 3" draws every place at once; skipping shows them all',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { winnersCount: 3 });
    await seedEntries(server, contest.id, crowd);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    const draw = drawCard(page);
    await draw.getByRole('button', { name: 'Draw all 3' }).click();
    await confirmEarlyDraw(page);
    await draw.getByRole('button', { name: 'Skip to the results' }).click();
    await expectToast(page, 'Winners Selected!', '3 places filled.');
    await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
    await expectWinners(page, (await wheelOf(page, contest.id)).places);
  },
);

test('a disqualified winner needs a public reason; the next pick takes the place', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, { winnersCount: 3 });
  await seedEntries(server, contest.id, crowd);
  await signIn(owner);
  const drawn = await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} });
  expect(drawn.ok()).toBe(true);
  const before = await wheelOf(page, contest.id);
  const second = before.places.find((place) => place.position === 2)!;
  let disqualifyCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/disqualify')) disqualifyCalls += 1;
  });
  await page.goto(`/dashboard/${contest.id}`);

  const draw = drawCard(page);
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
  await expectWinners(page, before.places);
  await winnerRows(page).nth(1).getByRole('button', { name: 'Disqualify' }).click();

  const dialog = page.getByRole('dialog', { name: `Disqualify ${second.name}?` });
  await expect(dialog).toContainText('The 2nd place goes to the next entry drawn');
  await expect(dialog).toContainText('The reason is public');
  const reason = dialog.getByLabel('Reason', { exact: true });
  // No reason, no disqualification.
  await dialog.getByRole('button', { name: 'Disqualify & Redraw' }).click();
  await expect(reason).toHaveAccessibleDescription('A reason is required');
  await reason.fill('   ');
  await dialog.getByRole('button', { name: 'Disqualify & Redraw' }).click();
  await expect(reason).toHaveAccessibleDescription('A reason is required');
  expect(disqualifyCalls).toBe(0);
  await expectNoHorizontalScroll(page);
  await snap('draw-disqualify-required');

  await dialog.getByRole('button', { name: 'Did not reply within 72 hours' }).click();
  await expect(reason).toHaveValue('Did not reply within 72 hours');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await snap('draw-disqualify-dialog');
  await dialog.getByRole('button', { name: 'Disqualify & Redraw' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
  await expectToast(page, 'Winner Selected!');
  expect(disqualifyCalls).toBe(1);

  const after = await wheelOf(page, contest.id);
  const replacement = after.places.find((place) => place.position === 2)!;
  expect(replacement.entryId).not.toBe(second.entryId);
  expect(replacement.p).toBe(4);
  // The others keep their places; their slices may move, because the wheel leaves out the
  // disqualified winner (docs/product.md, the draw), so the comparison is of who holds each place.
  const holders = (places: WheelData['places']) =>
    places.filter((place) => place.position !== 2).map(({ slice: _slice, ...holder }) => holder);
  expect(holders(after.places)).toEqual(holders(before.places));
  expect(after.count).toBe(before.count - 1);
  expect(after.labels).not.toContain(second.name);
  await expectWinners(page, after.places);
  await expect(winnerRows(page).nth(1)).not.toContainText(second.email);

  const history = await historyOf(page, contest.id);
  expect(history.find((item) => item.action === 'disqualify')).toMatchObject({
    action: 'disqualify',
    entrantName: second.name,
    reason: 'Did not reply within 72 hours',
  });
  await draw.getByText(/Draw history/).click();
  const row = draw.getByRole('listitem').filter({ hasText: 'Disqualified' });
  await expect(row).toContainText(second.name);
  await expect(row).toContainText('Reason: “Did not reply within 72 hours”');
  await expectNoHorizontalScroll(page);
  await snap('draw-disqualified-history');
});

test(
  'with reduced motion the wheel skips the long spin and announces the winner',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id);
    await seedEntries(server, contest.id, entrants);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    const draw = drawCard(page);
    await draw.getByRole('button', { name: 'SPIN', exact: true }).press('Enter');
    await confirmEarlyDraw(page);
    await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled({ timeout: 2000 });
  },
);

test(
  'an empty contest invites sharing instead of showing a wheel',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    await expect(
      page.getByText('No entries yet. Share your contest link to get the first one.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'SPIN', exact: true })).toHaveCount(0);
  },
);
