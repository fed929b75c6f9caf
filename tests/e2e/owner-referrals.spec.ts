import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import type { WheelData } from '#shared/contracts/draws.ts';
import { WHEEL_COLORS } from '#web/lib/wheel-colors.ts';
import { dateTimeLocal } from './support/contest-helpers.ts';
import { confirmEarlyDraw } from './support/draw-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/** Referrals as the owner sets them up, follows them and draws with them (docs/product.md#referrals). */

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

type Entrant = { name: string; email: string };
type Referrer = Entrant & { friends: Entrant[] };

/**
 * Entries as referrals leave them, straight in the database: each referrer with their own code,
 * then their friends pointing at them (referred_by), all confirmed, unflagged and proven by
 * their mail's link, oldest first (friends at a public provider: 3 at most count per company
 * domain).
 * Answers each entrant's entry id by e-mail.
 */
async function seedReferrals(
  db: Db,
  contestId: string,
  referrers: Referrer[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let minute = 0;
  const insert = async (entrant: Entrant, referredBy: string | null) => {
    minute += 1;
    const [row] = await db
      .insert(contestEntries)
      .values({
        contestId,
        ...entrant,
        entryDate: fromNow({ hours: -6, minutes: minute }),
        status: 'confirmed',
        flags: [],
        referralCode: randomBytes(8).toString('hex'),
        referredBy,
        // A friend counts once their mailbox is proven by the mailed link.
        emailConfirmedAt: referredBy ? new Date() : null,
      })
      .returning({ id: contestEntries.id });
    ids.set(entrant.email, row!.id);
  };
  for (const referrer of referrers) await insert(referrer, null);
  for (const referrer of referrers) {
    for (const friend of referrer.friends) await insert(friend, ids.get(referrer.email)!);
  }
  await db
    .update(contests)
    .set({ entryCount: sql`${contests.entryCount} + ${ids.size}` })
    .where(eq(contests.id, contestId));
  return ids;
}

async function setReferrals(db: Db, contestId: string, referralBonus: number, referralCap = 50) {
  await db.update(contests).set({ referralBonus, referralCap }).where(eq(contests.id, contestId));
}

/** A row of a list (entries, top referrers), found by its e-mail. */
function rowOf(scope: Locator, email: string): Locator {
  return scope.getByRole('listitem').filter({ hasText: email });
}

async function wheelOf(page: Page, contestId: string): Promise<WheelData> {
  const answer = await page.request.get(`/api/contests/${contestId}/wheel`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as WheelData;
}

test.describe('referrals, for the owner', () => {
  test(
    'the builder sets referrals; the edit form keeps them, then locks them at the first draw',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      await signIn(owner);
      await page.goto('/contest-builder');
      const bonus = field(page, 'Bonus entries per referral');
      const cap = field(page, 'Bonus entry cap');
      const leaderboard = page.getByRole('switch', {
        name: 'Show a leaderboard on the entry page',
      });
      // Off by default: no bonus, the cap waits for one, no leaderboard.
      await expect(bonus).toHaveValue('0');
      await expect(bonus).toHaveAccessibleDescription(
        "0 turns referrals off. Each friend who enters through an entrant's link gives them this many more entries.",
      );
      await expect(cap).toHaveValue('10');
      await expect(cap).toBeDisabled();
      await expect(cap).toHaveAccessibleDescription('The most bonus entries one entrant can earn.');
      await expect(leaderboard).not.toBeChecked();
      await expect(leaderboard).toHaveAccessibleDescription(
        'Top 10 referrers by first name and last initial.',
      );
      await snap('referrals-builder-defaults');

      await field(page, 'Contest title').fill('Bring a Friend Bootcamp');
      await field(page, 'Description').fill('Six weeks of bootcamp. Bring your friends along.');
      await field(page, 'Prize details').fill('A season pass for two');
      await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 14 })));
      await bonus.fill('11');
      await expect(cap).toBeEnabled();
      await cap.fill('1001');
      await page.getByRole('button', { name: 'Create Contest' }).click();
      await expect(bonus).toHaveAccessibleDescription(
        'Bonus entries per referral must be at most 10',
      );
      await expect(cap).toHaveAccessibleDescription('Bonus entry cap must be at most 1,000');
      await expectNoHorizontalScroll(page);
      await snap('referrals-builder-invalid');

      await bonus.fill('3');
      await cap.fill('20');
      await leaderboard.click();
      await expect(leaderboard).toBeChecked();
      await snap('referrals-builder-filled');
      await page.getByRole('button', { name: 'Create Contest' }).click();
      await expectToast(page, 'Contest Created!');
      await expect(page.getByRole('heading', { name: 'Bring a Friend Bootcamp' })).toBeVisible();
      const [created] = await server.db
        .select()
        .from(contests)
        .where(eq(contests.ownerId, owner.id));
      expect(created).toMatchObject({ referralBonus: 3, referralCap: 20, showLeaderboard: true });

      // The dashboard of a contest with referrals on, before anyone has referred anyone.
      const topReferrers = page.getByRole('region', { name: 'Top referrers' });
      await expect(topReferrers.getByText('No referrals yet')).toBeVisible();
      await expect(
        topReferrers.getByText(
          "Each friend who enters through an entrant's link gives them 3 more entries, up to 20.",
        ),
      ).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Referred' })).toBeVisible();

      await page.goto(`/contest-edit/${created!.id}`);
      const editBonus = field(page, 'Bonus entries per referral');
      const editCap = field(page, 'Bonus entry cap');
      await expect(editBonus).toHaveValue('3');
      await expect(editCap).toHaveValue('20');
      await expect(leaderboard).toBeChecked();
      await editCap.fill('30');
      await leaderboard.click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Contest Updated');
      const [edited] = await server.db.select().from(contests).where(eq(contests.id, created!.id));
      expect(edited).toMatchObject({ referralBonus: 3, referralCap: 30, showLeaderboard: false });

      // The first draw weighs the entries with these settings: from then on they are the record's.
      await seedReferrals(server.db, created!.id, [
        { name: 'Ana Lima', email: 'ana@example.com', friends: [] },
        { name: 'Ben Ode', email: 'ben@example.com', friends: [] },
      ]);
      const drawn = await page.request.post(`/api/contests/${created!.id}/draws`, { data: {} });
      expect(drawn.ok()).toBe(true);
      await page.goto(`/contest-edit/${created!.id}`);
      await expect(editBonus).toHaveValue('3');
      await expect(editBonus).toBeDisabled();
      await expect(editBonus).toHaveAccessibleDescription(
        "Fixed by the first draw: the public draw record holds each entry's chances.",
      );
      await expect(editCap).toHaveValue('30');
      await expect(editCap).toBeDisabled();
      await expect(editCap).toHaveAccessibleDescription(
        'Fixed by the first draw, as the bonus is.',
      );
      // The leaderboard is only what the entry page shows: it stays the owner's to change.
      await expect(leaderboard).toBeEnabled();
      await expectNoHorizontalScroll(page);
      await snap('referrals-edit-locked');

      await leaderboard.click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Contest Updated');
      const [saved] = await server.db.select().from(contests).where(eq(contests.id, created!.id));
      expect(saved).toMatchObject({ referralBonus: 3, referralCap: 30, showLeaderboard: true });
    },
  );

  test('the dashboard shows referrals and weights, filters the referred, and ranks the referrers', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Bring a Friend Night' });
    await setReferrals(server.db, contest.id, 2, 5);
    await seedReferrals(server.db, contest.id, [
      {
        name: 'Ana Lima',
        email: 'ana@example.com',
        friends: [
          { name: 'Carla Diaz', email: 'carla@gmail.com' },
          { name: 'Dev Patel', email: 'dev@gmail.com' },
          { name: 'Eli Novak', email: 'eli@gmail.com' },
        ],
      },
      {
        name: 'Ben Ode',
        email: 'ben@example.com',
        friends: [{ name: 'Fay Wong', email: 'fay@gmail.com' }],
      },
      { name: 'Gus Berg', email: 'gus@example.com', friends: [] },
    ]);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);

    const entries = page.getByRole('region', { name: 'Contest Entries' });
    // Three friends at 2 bonus entries each: 6, capped at 5, so a weight of 6.
    await expect(rowOf(entries, 'ana@example.com')).toContainText('3 referrals · 6 chances');
    await expect(rowOf(entries, 'ben@example.com')).toContainText('1 referral · 3 chances');
    await expect(rowOf(entries, 'gus@example.com')).toContainText('0 referrals · 1 chance');
    await expect(rowOf(entries, 'carla@gmail.com').getByText('Referred')).toBeVisible();
    await expect(rowOf(entries, 'ana@example.com').getByText('Referred')).toHaveCount(0);

    const topReferrers = page.getByRole('region', { name: 'Top referrers' });
    const ranked = topReferrers.getByRole('listitem');
    await expect(ranked).toHaveCount(2);
    await expect(ranked.nth(0)).toContainText('Ana Lima');
    await expect(ranked.nth(0)).toContainText('ana@example.com');
    await expect(ranked.nth(0)).toContainText('3 referrals · 6 chances');
    await expect(ranked.nth(1)).toContainText('Ben Ode');
    await expect(ranked.nth(1)).toContainText('1 referral · 3 chances');
    await expectNoHorizontalScroll(page);
    await snap('referrals-dashboard');

    await entries.getByRole('tab', { name: 'Referred' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(4);
    for (const email of ['carla@gmail.com', 'dev@gmail.com', 'eli@gmail.com']) {
      await expect(rowOf(entries, email).getByText('Referred')).toBeVisible();
    }
    await expect(rowOf(entries, 'ana@example.com')).toHaveCount(0);
    await expect(entries.getByText('Showing 4 of 4')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('referrals-dashboard-referred');

    await entries.getByLabel('Search entries').fill('nobody-here');
    await expect(entries.getByText('No entries match your search.')).toBeVisible();
    await expect(entries.getByRole('tab', { name: 'Referred' })).toBeVisible();
  });

  test(
    'a contest without referrals shows none of it',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Plain Giveaway' });
      await seedReferrals(server.db, contest.id, [
        { name: 'Ana Lima', email: 'ana@example.com', friends: [] },
      ]);
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      const entries = page.getByRole('region', { name: 'Contest Entries' });
      await expect(rowOf(entries, 'ana@example.com')).toBeVisible();
      await expect(entries.getByRole('tab')).toHaveCount(4);
      await expect(entries.getByText(/referral/)).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Top referrers' })).toHaveCount(0);
      await expect(page.getByText(/sized by each entry's chances/)).toHaveCount(0);
    },
  );

  test(
    'the weighted wheel sizes slices by weight and lands on the winner the server drew',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Weighted Wheel Night' });
      await setReferrals(server.db, contest.id, 10);
      // Ana's four friends give her 40 bonus entries: her slice is most of the wheel.
      await seedReferrals(server.db, contest.id, [
        {
          name: 'Ana Lima',
          email: 'ana@example.com',
          friends: [
            { name: 'Carla Diaz', email: 'carla@gmail.com' },
            { name: 'Dev Patel', email: 'dev@gmail.com' },
            { name: 'Eli Novak', email: 'eli@gmail.com' },
            { name: 'Fay Wong', email: 'fay@gmail.com' },
          ],
        },
        { name: 'Ben Ode', email: 'ben@example.com', friends: [] },
      ]);
      await signIn(owner);
      const before = await wheelOf(page, contest.id);
      expect(before.count).toBe(6);
      expect(before.weights).toEqual([41, 1, 1, 1, 1, 1]);
      await page.goto(`/dashboard/${contest.id}`);

      const draw = page.getByRole('region', { name: 'Spin to Choose Winner' });
      await expect(draw.getByText('6 entries on the wheel')).toBeVisible();
      await expect(
        draw.getByText(
          "Slices are sized by each entry's chances: 1 plus its bonus entries for friends.",
        ),
      ).toBeVisible();
      const wheel = draw.locator('canvas');
      // Before the draw the wheel has not turned: Ana's slice starts at the pointer (the top) and
      // spans 41/46 of the turn, so the right-hand rim (90°) and the left-hand one (270°) are hers.
      await expect.poll(() => rimColor(wheel, 90)).toBe(WHEEL_COLORS[0]);
      await expect.poll(() => rimColor(wheel, 270)).toBe(WHEEL_COLORS[0]);
      // Then five thin slices of 1/46 each: 340° is in the fourth slice.
      await expect.poll(() => rimColor(wheel, 340)).toBe(WHEEL_COLORS[3]);
      await expectNoHorizontalScroll(page);
      await snap('referrals-wheel-idle');

      await draw.getByRole('button', { name: 'SPIN', exact: true }).click();
      await confirmEarlyDraw(page);
      await expect(draw.getByRole('button', { name: 'SPINNING...' })).toBeDisabled();
      await expectToast(page, 'Winner Selected!');
      const { places } = await wheelOf(page, contest.id);
      const winner = places[0]!;
      await expect(draw.getByRole('button', { name: 'COMPLETE' })).toBeDisabled();
      // The slice under the pointer is the winner's: with six slices each has its own colour.
      await expect.poll(() => rimColor(wheel, 0)).toBe(WHEEL_COLORS[winner.slice]);
      await expect(
        page
          .getByRole('region', { name: 'Contest Entries' })
          .getByRole('listitem')
          .filter({
            hasText: winner.email,
          })
          .getByLabel('Winner'),
      ).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('referrals-wheel-drawn');
    },
  );
});

/**
 * The colour of the wheel's canvas just inside its rim, at an angle clockwise from the top
 * (where the pointer is): clear of the names, which end well inside the rim.
 */
function rimColor(wheel: Locator, degrees: number): Promise<string> {
  return wheel.evaluate((canvas: HTMLCanvasElement, angle) => {
    const radius = canvas.width / 2;
    const radians = (angle * Math.PI) / 180;
    const x = Math.round(radius + Math.sin(radians) * (radius - 12));
    const y = Math.round(radius - Math.cos(radians) * (radius - 12));
    const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
    return `#${[r, g, b].map((value) => value!.toString(16).padStart(2, '0')).join('')}`;
  }, degrees);
}
