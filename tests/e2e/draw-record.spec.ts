import { createHash, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contestEntries, contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import {
  allowClipboard,
  enterContest,
  newVisitor,
  readClipboard,
  signedInContext,
} from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const entrants = [
  { name: 'Maya Chen', email: 'maya@example.com' },
  { name: 'Jordan Alvarez-Whitfield the Third', email: 'jordan@example.com' },
  { name: 'Priya Nair', email: 'priya@example.com' },
  { name: 'Tom Berg', email: 'tom@example.com' },
  { name: 'Ana Kowalski', email: 'ana@example.com' },
  { name: 'Lee', email: 'lee@example.com' },
];

const REASON = 'did not reply within 72 hours';

type Server = Parameters<typeof signedInContext>[1];

/** A published contest with `winnersCount` places and the entrants above. */
async function seedDrawContest(server: Server, ownerId: string, title: string, winnersCount = 2) {
  const contest = await seedContest(server.db, ownerId, { title });
  await server.db.update(contests).set({ winnersCount }).where(eq(contests.id, contest.id));
  await seedEntries(server, contest.id, entrants);
  return { ...contest, winnersCount };
}

/** The owner's calls (POST draws, disqualify), made from the owner's own signed-in browser. */
async function asOwner<T>(
  browser: Browser,
  server: Server,
  ownerId: string,
  work: (request: Awaited<ReturnType<typeof signedInContext>>['request']) => Promise<T>,
): Promise<T> {
  const context = await signedInContext(browser, server, ownerId);
  try {
    return await work(context.request);
  } finally {
    await context.close();
  }
}

async function drawAndDisqualify(browser: Browser, server: Server, ownerId: string, id: string) {
  await asOwner(browser, server, ownerId, async (request) => {
    const drawn = await request.post(`/api/contests/${id}/draws`, { data: { count: 2 } });
    expect(drawn.status(), await drawn.text()).toBe(200);
    const first = ((await drawn.json()) as DrawRecord).picks.find((pick) => pick.position === 1)!;
    const disqualified = await request.post(`/api/contests/${id}/draws/1/disqualify`, {
      data: { p: first.p, reason: REASON },
    });
    expect(disqualified.status(), await disqualified.text()).toBe(200);
  });
}

async function readRecord(page: Page, contestId: string): Promise<DrawRecord> {
  const answer = await page.request.get(`/api/contests/${contestId}/draw-record`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DrawRecord;
}

function place(page: Page, position: number): Locator {
  return page
    .getByRole('list', { name: 'Winners by position' })
    .getByRole('listitem', { name: `Place ${position}`, exact: true });
}

function entryIdField(page: Page): Locator {
  return page.getByLabel('Your entry id', { exact: true });
}

/** The technical record (hashes, the list, the checkers) is one tap below the plain account. */
async function openTechnicalRecord(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show the technical record' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide the technical record' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

/** The words the plain part of the page never uses (docs/writing-guide.md#words-we-avoid). */
const PROTOCOL_TERMS = /commitment|seed|leaf|leaves|beacon|weight|hash|root/i;

const leafOf = (entryId: string) => createHash('sha256').update(entryId).digest('hex');

test.describe('the verifiable draw, in public', () => {
  test(
    'the entry page says how many winners will be drawn and links to the draw record',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedDrawContest(server, owner.id, 'Three Lucky Lifters', 3);
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByText('3 winners will be drawn', { exact: true })).toBeVisible();
      const link = page.getByRole('link', {
        name: /^Verifiable draw\s*How the winners are drawn — check it yourself$/,
      });
      await expect(link).toHaveAttribute('href', `/c/${contest.id}/draw`);
      await expectNoHorizontalScroll(page);
      await snap('draw-record-entry-link');

      const single = await seedContest(server.db, owner.id, { title: 'One Prize Only' });
      await page.goto(`/c/${single.id}`);
      await expect(page.getByText('1 winner will be drawn', { exact: true })).toBeVisible();
      await page
        .getByRole('link', {
          name: /^Verifiable draw\s*How the winner is drawn — check it yourself$/,
        })
        .click();
      await expect(page).toHaveURL(`/c/${single.id}/draw`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('One Prize Only');
      await page.getByRole('link', { name: 'Back to the contest' }).click();
      await expect(page).toHaveURL(`/c/${single.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('One Prize Only');
    },
  );

  test(
    'before the draw the record shows the commitment, and the seed stays secret',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedDrawContest(server, owner.id, 'Not Drawn Yet');
      await page.goto(`/c/${contest.id}/draw`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Drawn Yet');
      await expect(page.getByText('The draw has not happened yet')).toBeVisible();
      await expect(page.getByText(/^The draw is locked in: 2 winners will be drawn/)).toBeVisible();
      const plain = page.getByRole('list', { name: 'How the draw works' });
      await expect(
        page.getByRole('heading', { name: 'How this draw will be picked fairly' }),
      ).toBeVisible();
      await expect(plain).toContainText('the draw was locked in');
      await expect(plain).toContainText('When the first winner is drawn, entries close');
      await expect(plain).not.toContainText(PROTOCOL_TERMS);
      await expect(page.getByRole('region', { name: 'The commitment' })).toBeHidden();
      await openTechnicalRecord(page);
      const commitment = page.getByRole('region', { name: 'The commitment' });
      await expect(commitment.getByText(contest.seedHash!, { exact: true })).toBeVisible();
      await expect(commitment).toContainText('published on');
      await expect(
        page.getByText('Kept secret until the first draw, then published here.'),
      ).toBeVisible();
      await expect(
        page.getByText(/^The list of entries is published at the first draw/),
      ).toBeVisible();
      await expect(entryIdField(page)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await snap('draw-record-before');

      await page.getByRole('button', { name: 'Verify in my browser' }).click();
      await expect(page.getByText(/^All \d+ checks passed$/)).toBeVisible();
      const checks = page.getByRole('list', { name: 'Verification checks' });
      await expect(
        checks.getByText('Not drawn yet: the seed stays secret and there are no picks'),
      ).toBeVisible();
      await expect(checks.getByText(/^Failed:/)).toHaveCount(0);
    },
  );

  test('after the draw the record lists the winners, the disqualified one struck through, and every check passes', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedDrawContest(server, owner.id, 'Double Draw Night');
    await drawAndDisqualify(browser, server, owner.id, contest.id);
    const record = await readRecord(page, contest.id);
    expect(record.picks.map(({ p, position, status }) => ({ p, position, status }))).toEqual([
      { p: 1, position: 1, status: 'disqualified' },
      { p: 2, position: 2, status: 'winner' },
      { p: 3, position: 1, status: 'winner' },
    ]);
    const [disqualified, second, replacement] = record.picks;

    await page.goto(`/c/${contest.id}/draw`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Double Draw Night');
    // The page opens with how the draw was picked, in plain words; the technical record is closed.
    await expect(
      page.getByRole('heading', { name: 'How this draw was picked fairly' }),
    ).toBeVisible();
    const plain = page.getByRole('list', { name: 'How the draw works' });
    for (const step of [
      'Locked in before entries closed',
      'The list of entries was fixed at the draw',
      'Anyone can check it',
      'Who won, and who was left out',
    ]) {
      await expect(plain.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(plain).toContainText('when the contest was published, the draw was locked in');
    await expect(plain).toContainText('the list of 6 entries was fixed');
    await expect(plain).toContainText(
      `${disqualified!.displayName} was drawn for place 1 but disqualified: ${REASON}. Another winner was drawn for that place.`,
    );
    await expect(plain).not.toContainText(PROTOCOL_TERMS);
    await expect(page.getByRole('region', { name: 'The commitment' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Verify in my browser' })).toBeHidden();
    await expectNoHorizontalScroll(page);
    await snap('draw-record-plain');
    await expect(page.getByText('2 winners drawn from 6 entries', { exact: false })).toBeVisible();
    const first = place(page, 1);
    await expect(first.locator('s')).toHaveText(disqualified!.displayName);
    await expect(first.getByText('Disqualified', { exact: true })).toBeVisible();
    await expect(first.getByText(`Reason: ${REASON}`, { exact: false })).toBeVisible();
    await expect(first.getByText(/\(disqualified on .+\)/)).toBeVisible();
    await expect(first.getByText(replacement!.displayName, { exact: true })).toBeVisible();
    await expect(place(page, 2).getByText(second!.displayName, { exact: true })).toBeVisible();
    await expect(place(page, 2).locator('s')).toHaveCount(0);
    await expect(page.getByText('Chosen by hand')).toHaveCount(0);

    await openTechnicalRecord(page);

    const commitment = page.getByRole('region', { name: 'The commitment' });
    await expect(commitment.getByText(record.seedHash!, { exact: true })).toBeVisible();
    const seed = page.getByRole('region', { name: 'The seed' });
    await expect(seed.getByText(record.seed!, { exact: true })).toBeVisible();
    const list = page.getByRole('region', { name: 'The frozen entry list' });
    await expect(list).toContainText('Entries closed on');
    await expect(list).toContainText('6 entries');
    await expect(list.getByText(record.entries!.root, { exact: true })).toBeVisible();
    await expect(
      page.getByText(/^No beacon was used: the server's committed seed alone decides/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the record (JSON)' })).toHaveAttribute(
      'href',
      `/api/contests/${contest.id}/draw-record`,
    );
    await expect(
      page.getByText(`npm run verify -- ${server.url}/api/contests/${contest.id}/draw-record`),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('draw-record-drawn');

    await page.getByRole('button', { name: 'Verify in my browser' }).click();
    await expect(page.getByText(/^All \d+ checks passed$/)).toBeVisible();
    const checks = page.getByRole('list', { name: 'Verification checks' });
    for (const text of [
      'The record follows protocol prizewheel-draw-v1',
      'No e-mail address in the record',
      'SHA-256(seed) equals the commitment',
      '6 leaves hash to the root',
      `Pick 1 lands on ${disqualified!.displayName}'s entry`,
      `Pick 2 lands on ${second!.displayName}'s entry`,
      `Pick 3 lands on ${replacement!.displayName}'s entry`,
      'Places match: each pick took the first empty place, and each disqualification gives its reason',
    ]) {
      await expect(checks.getByText(text, { exact: false })).toBeVisible();
    }
    await expect(checks.getByText(/^Failed:/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verify again' })).toBeEnabled();
    await expectNoHorizontalScroll(page);
    await snap('draw-record-verified');

    // The entry page names the current winners by position and closes to entries.
    await page.goto(`/c/${contest.id}`);
    const winners = page.getByRole('region', { name: 'Winners' });
    await expect(winners.getByRole('listitem')).toHaveText([
      `Place 1${replacement!.displayName}`,
      `Place 2${second!.displayName}`,
    ]);
    await expect(page.getByText('2 winners have been drawn', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contest Ended' })).toBeVisible();
    await expect(
      page.getByText('The winners have been drawn: this contest takes no more entries.'),
    ).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: /^Verifiable draw\s*See the draw record — check it yourself$/,
      }),
    ).toHaveAttribute('href', `/c/${contest.id}/draw`);
    await expectNoHorizontalScroll(page);
    await snap('draw-record-entry-winners');
  });

  test(
    'an entrant keeps their entry id as a receipt and finds it in the frozen list',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedDrawContest(server, owner.id, 'Receipt Check');
      await page.goto(`/c/${contest.id}`);
      await enterContest(page, 'Sam Rivera', 'sam.rivera@example.com');
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();

      const [stored] = await server.db
        .select({ id: contestEntries.id })
        .from(contestEntries)
        .where(eq(contestEntries.email, 'sam.rivera@example.com'));
      const entryId = stored!.id;
      // The receipt is folded under the confirmation: one tap opens it.
      await page.getByText('Your receipt', { exact: true }).click();
      await expect(page.getByText('Your entry id:')).toBeVisible();
      await expect(page.getByText(entryId, { exact: true })).toBeVisible();
      await allowClipboard(page.context(), server.url);
      await page.getByRole('button', { name: 'Copy your entry id' }).click();
      await expectToast(page, 'Entry id copied', 'Keep it somewhere safe: it is your receipt.');
      expect(await readClipboard(page)).toBe(entryId);
      await expectNoHorizontalScroll(page);
      await snap('draw-record-receipt');
      // The receipt survives a reload, as the confirmation does.
      await page.reload();
      await page.getByText('Your receipt', { exact: true }).click();
      await expect(page.getByText(entryId, { exact: true })).toBeVisible();

      await drawAndDisqualify(browser, server, owner.id, contest.id);
      const record = await readRecord(page, contest.id);
      const position = record.entries!.leaves.indexOf(leafOf(entryId)) + 1;
      expect(position).toBeGreaterThan(0);

      await page.reload();
      await expect(page.getByText('The draw has taken place.')).toBeVisible();
      await page.getByText('Your receipt', { exact: true }).click();
      await page.getByRole('link', { name: 'See the draw record', exact: true }).click();
      await expect(page).toHaveURL(`/c/${contest.id}/draw`);
      await openTechnicalRecord(page);

      const field = entryIdField(page);
      const find = page.getByRole('button', { name: 'Find my entry' });
      await find.click();
      await expect(field).toHaveAccessibleDescription('Paste your entry id');
      await field.fill('sam.rivera@example.com');
      await find.click();
      await expect(field).toHaveAccessibleDescription(/^That is not an entry id/);

      await field.fill(`  ${entryId.toUpperCase()} `);
      await find.click();
      await expect(page.getByText('Your entry is in the draw')).toBeVisible();
      await expect(
        page.getByText(`Entry ${entryId} is at position ${position} of 7 in the frozen list.`, {
          exact: false,
        }),
      ).toBeVisible();
      await expect(page.getByText(leafOf(entryId), { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('draw-record-found');

      const stranger = randomUUID();
      await field.fill(stranger);
      await find.click();
      await expect(page.getByText('This entry id is not in the list')).toBeVisible();
      await expect(page.getByText('Your entry is in the draw')).toHaveCount(0);
    },
  );

  test(
    'a winner finds their own pick from their entry id',
    PHONE_ONLY,
    async ({ browser, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedDrawContest(server, owner.id, 'Winner Lookup');
      await drawAndDisqualify(browser, server, owner.id, contest.id);
      const visitor = await newVisitor(browser, server.url);
      const record = await readRecord(visitor.page, contest.id);
      const winner = record.picks.find((pick) => pick.p === 2)!;
      const loser = record.picks.find((pick) => pick.p === 1)!;

      await visitor.page.goto(`/c/${contest.id}/draw`);
      await openTechnicalRecord(visitor.page);
      await entryIdField(visitor.page).fill(winner.entryId);
      await visitor.page.getByRole('button', { name: 'Find my entry' }).click();
      await expect(
        visitor.page.getByText('It is pick 2, drawn at random: the winner of place 2.'),
      ).toBeVisible();
      await entryIdField(visitor.page).fill(loser.entryId);
      await visitor.page.getByRole('button', { name: 'Find my entry' }).click();
      await expect(
        visitor.page.getByText(
          `It was pick 1, drawn at random for place 1, then disqualified: ${REASON}.`,
        ),
      ).toBeVisible();
      await visitor.close();
    },
  );

  test('an unknown contest has no draw record', async ({ page, snap }) => {
    await page.goto(`/c/${randomUUID()}/draw`);
    await expect(page.getByRole('heading', { name: 'Draw Record Not Found' })).toBeVisible();
    await expect(
      page.getByText('This contest does not exist, or it has not been published yet.'),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('draw-record-not-found');
  });
});
