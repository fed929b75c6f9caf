import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import type { DrawRecord, WheelData } from '#shared/contracts/draws.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * Guards on what cannot be undone (docs/product.md#the-draw): a draw while entries are open asks
 * first, a redraw of every place says what the public will see and takes one public reason, and
 * the wheel says who it leaves out.
 */

const crowd = [
  { name: 'Maya Chen', email: 'maya@example.com' },
  { name: 'Jordan Alvarez', email: 'jordan@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
  { name: 'Sam Okafor', email: 'sam@example.com' },
  { name: 'Lena Fischer', email: 'lena@example.com' },
  { name: 'Tomás Ruiz', email: 'tomas@example.com' },
];

const drawCard = (page: Page) => page.getByRole('region', { name: 'Spin to Choose Winner' });

async function readJson<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

test('a draw while entries are open asks first: cancelling keeps them open, confirming draws', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, {
    endDate: fromNow({ days: 8, hours: 4 }),
  });
  await seedEntries(server, contest.id, crowd.slice(0, 3));
  let draws = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/draws')) draws += 1;
  });
  await signIn(owner);
  await page.goto(`/dashboard/${contest.id}`);

  const draw = drawCard(page);
  await draw.getByRole('button', { name: 'SPIN', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Draw now?' });
  await expect(dialog).toContainText(
    'Entries are open for 8 more days. Drawing now closes them for good.',
  );
  await expectNoHorizontalScroll(page);
  await snap('draw-guard-dialog');

  await dialog.getByRole('button', { name: 'Keep entries open' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(draw.getByRole('button', { name: 'SPIN', exact: true })).toBeEnabled();
  expect(draws).toBe(0);
  const open = await readJson<PublicContest>(page, `/api/contests/${contest.id}`);
  expect(open.frozenAt).toBeNull();

  await draw.getByRole('button', { name: 'SPIN', exact: true }).click();
  await dialog.getByRole('button', { name: 'Draw now' }).click();
  await expectToast(page, 'Winner Selected!');
  expect(draws).toBe(1);
  const drawn = await readJson<PublicContest>(page, `/api/contests/${contest.id}`);
  expect(drawn.frozenAt).not.toBeNull();
});

test(
  'a contest whose entries have closed is drawn without a question',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      endDate: fromNow({ hours: -1 }),
      winnersCount: 2,
    });
    await seedEntries(server, contest.id, crowd.slice(0, 4));
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    const draw = drawCard(page);
    await draw.getByRole('button', { name: 'Draw all 2' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectToast(page, 'Winners Selected!');
  },
);

test('redrawing every place: the dialog says what the public sees, and the public page says so', async ({
  page,
  server,
  seedUserWithPassword,
  signIn,
  snap,
}) => {
  const owner = await seedUserWithPassword();
  const contest = await seedContest(server.db, owner.id, {
    title: 'Three prizes',
    winnersCount: 3,
  });
  await seedEntries(server, contest.id, crowd);
  await signIn(owner);
  expect((await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} })).ok()).toBe(
    true,
  );
  const before = await readJson<WheelData>(page, `/api/contests/${contest.id}/wheel`);
  await page.goto(`/dashboard/${contest.id}`);

  const draw = drawCard(page);
  await expect(draw.getByText('6 entries on the wheel · 3 places')).toBeVisible();
  await draw.getByRole('button', { name: 'Redraw all places' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redraw all 3 places?' });
  for (const place of before.places) await expect(dialog).toContainText(place.name);
  await expect(dialog).toContainText('shown as disqualified in the public draw record');
  await expect(dialog).toContainText('the places are being drawn again');
  const reason = dialog.getByLabel('Public reason');
  await dialog.getByRole('button', { name: 'Redraw all places' }).click();
  await expect(reason).toHaveAccessibleDescription('A reason is required');
  await reason.fill('Prize changed, ask maya@example.com');
  await dialog.getByRole('button', { name: 'Redraw all places' }).click();
  await expect(reason).toHaveAccessibleDescription(
    'The reason is public: leave out e-mail addresses and @ handles',
  );
  await reason.fill('The prize changed');
  await expectNoHorizontalScroll(page);
  await snap('draw-redraw-dialog');
  await dialog.getByRole('button', { name: 'Redraw all places' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToast(page, 'Ready to Redraw', 'Spin the wheel to draw the places again.');
  await expect(page.getByRole('region', { name: /^Winners?$/ })).toHaveCount(0);
  // Only those who can still win are on the wheel.
  await expect(draw.getByText('3 entries on the wheel · 3 places')).toBeVisible();
  const record = await readJson<DrawRecord>(page, `/api/contests/${contest.id}/draw-record`);
  expect(record.picks.map((pick) => [pick.status, pick.reason])).toEqual(
    Array.from({ length: 3 }, () => ['disqualified', 'The prize changed']),
  );
  await snap('draw-redraw-ready');

  await page.goto(`/c/${contest.id}`);
  await expect(page.getByText('The places are being drawn again', { exact: true })).toBeVisible();
  await expect(page.getByText(/have been drawn/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Winners?$/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await snap('entry-page-redrawing');

  // Drawn again: no question (entries closed at the first draw), and the page lists them.
  await page.goto(`/dashboard/${contest.id}`);
  await draw.getByRole('button', { name: 'Draw all 3' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await draw.getByRole('button', { name: 'Skip to the results' }).click();
  await expectToast(page, 'Winners Selected!', '3 places filled.');
  await page.goto(`/c/${contest.id}`);
  await expect(page.getByText('3 winners have been drawn')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Winners' }).getByRole('listitem')).toHaveCount(3);
});

test(
  'one place: "Redraw the winner"',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { endDate: fromNow({ hours: -1 }) });
    await seedEntries(server, contest.id, crowd.slice(0, 3));
    await signIn(owner);
    expect((await page.request.post(`/api/contests/${contest.id}/draws`, { data: {} })).ok()).toBe(
      true,
    );
    await page.goto(`/dashboard/${contest.id}`);
    const draw = drawCard(page);
    await draw.getByRole('button', { name: 'Redraw the winner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redraw the winner?' });
    await dialog.getByLabel('Public reason').fill('Not eligible');
    await dialog.getByRole('button', { name: 'Redraw the winner' }).click();
    await expectToast(page, 'Ready to Redraw', 'Spin the wheel to draw the winner again.');
    await expect(draw.getByText('2 entries on the wheel')).toBeVisible();
    await page.goto(`/c/${contest.id}`);
    await expect(page.getByText('The winner is being drawn again', { exact: true })).toBeVisible();
  },
);

test(
  'beside the wheel: how many flagged entries are left out, with a way to review them',
  PHONE_ONLY,
  async ({ page, server, seedUserWithPassword, signIn, snap }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id);
    await seedEntries(server, contest.id, crowd);
    await server.db
      .update(contestEntries)
      .set({ flags: ['alias'] })
      .where(
        sql`${contestEntries.contestId} = ${contest.id} and ${contestEntries.email} in ('sam@example.com', 'lena@example.com', 'tomas@example.com')`,
      );
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    const draw = drawCard(page);
    await expect(draw.getByText('3 entries on the wheel')).toBeVisible();
    await expect(draw.getByText('3 flagged entries are left out: review')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('draw-left-out');
    await draw.getByRole('link', { name: 'review' }).click();
    await expect(page).toHaveURL(/#flag-review$/);
    await expect(page.getByRole('region', { name: '3 entries are flagged' })).toBeInViewport();

    // Let one back in: the line follows.
    await page
      .getByRole('region', { name: 'Contest Entries' })
      .getByRole('tab', { name: 'Flagged' })
      .click();
    await page
      .getByRole('group', { name: "Sam Okafor's entry" })
      .getByRole('button', { name: 'In the draw' })
      .click();
    await expect(draw.getByText('2 flagged entries are left out: review')).toBeVisible();
  },
);
