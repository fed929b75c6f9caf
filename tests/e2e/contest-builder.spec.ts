import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { contestCard, dateTimeLocal, stopLoginRedirect } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow } from './support/seed-contests.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function fillValidContest(page: Page, title: string) {
  await field(page, 'Contest title').fill(title);
  await field(page, 'Description').fill('Train with us for 12 weeks. One lucky entrant wins.');
  await field(page, 'Prize details').fill('3 months of personal training');
  await field(page, 'Prize value (optional)').fill('$450');
  await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 7, hours: 2 })));
  await field(page, 'Max entries (optional)').fill('250');
  await field(page, 'Custom confirmation message (optional)').fill('See you at the gym!');
}

function fieldError(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: message });
}

test.describe('contest builder', () => {
  test('empty submit shows every required message; fixing a field clears its error', async ({
    page,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    await signIn(await seedUserWithPassword());
    await page.goto('/contest-builder');
    await expect(page.getByRole('heading', { name: 'Create a New Contest' })).toBeVisible();
    // The date picker cannot go back in time.
    await expect(field(page, 'End date and time')).toHaveAttribute('min', /^\d{4}-\d\d-\d\dT/);

    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expect(field(page, 'Contest title')).toHaveAccessibleDescription(
      'Contest title is required',
    );
    await expect(field(page, 'Description')).toHaveAccessibleDescription(
      'Contest description is required',
    );
    await expect(field(page, 'Prize details')).toHaveAccessibleDescription(
      'Prize details are required',
    );
    await expect(field(page, 'End date and time')).toHaveAccessibleDescription(
      'End date is required',
    );
    await expect(page.getByRole('alert')).toHaveCount(4);
    await expectNoHorizontalScroll(page);
    await snap('builder-required');

    await field(page, 'Contest title').fill('Summer Shred');
    await expect(fieldError(page, 'Contest title is required')).toHaveCount(0);
    await field(page, 'Description').fill('Twelve weeks.');
    await expect(fieldError(page, 'Contest description is required')).toHaveCount(0);
    await field(page, 'Prize details').fill('Coaching');
    await expect(fieldError(page, 'Prize details are required')).toHaveCount(0);

    // Whitespace alone is not a title.
    await field(page, 'Contest title').fill('   ');
    await expect(fieldError(page, 'Contest title is required')).toBeVisible();
    await expect(page).toHaveURL(/\/contest-builder$/);
  });

  test(
    'max entries below 1 and a past end date are refused',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      await signIn(owner);
      await page.goto('/contest-builder');
      await fillValidContest(page, 'Refused Contest');
      await field(page, 'Max entries (optional)').fill('0');
      await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: -1 })));
      await page.getByRole('button', { name: 'Create Contest' }).click();

      await expect(fieldError(page, 'Maximum entries must be at least 1')).toBeVisible();
      await expect(fieldError(page, 'End date must be in the future')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(2);
      await snap('builder-invalid-values');

      await field(page, 'Max entries (optional)').fill('5');
      await expect(fieldError(page, 'Maximum entries must be at least 1')).toHaveCount(0);
      await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 2 })));
      await expect(fieldError(page, 'End date must be in the future')).toHaveCount(0);
      await expect(page).toHaveURL(/\/contest-builder$/);
      const saved = await server.db.select().from(contests).where(eq(contests.ownerId, owner.id));
      expect(saved).toEqual([]);
    },
  );

  test(
    'a valid contest is created and opens its dashboard',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      await signIn(owner);
      await page.goto('/');
      await page.getByRole('link', { name: 'Create Contest', exact: true }).click();
      await expect(page).toHaveURL(/\/contest-builder$/);
      await fillValidContest(page, 'Summer Shred Challenge');
      await snap('builder-filled');
      await page.getByRole('button', { name: 'Create Contest' }).click();

      await expectToast(page, 'Contest Created!', 'Your contest has been created successfully.');
      await expect(page).toHaveURL(new RegExp(`/dashboard/${UUID}$`));
      await expect(page.getByRole('heading', { name: 'Summer Shred Challenge' })).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pause entries' })).toBeVisible();
      await snap('builder-created-dashboard');

      const id = page.url().split('/').at(-1)!;
      const [saved] = await server.db.select().from(contests).where(eq(contests.id, id));
      expect(saved).toMatchObject({
        ownerId: owner.id,
        title: 'Summer Shred Challenge',
        prizeDetails: '3 months of personal training',
        prizeValue: '$450',
        maxEntries: 250,
        confirmationMessage: 'See you at the gym!',
        isActive: true,
        winnersCount: 1,
      });
      expect(saved!.publishedAt).not.toBeNull();

      // Back on the list, the new contest has its card.
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(contestCard(page, 'Summer Shred Challenge')).toBeVisible();
    },
  );

  test(
    'the number of winners is 1 to 100; a contest with 3 places says so on its card',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      await signIn(owner);
      await page.goto('/contest-builder');
      const winners = field(page, 'Number of winners');
      await expect(winners).toHaveValue('1');
      await fillValidContest(page, 'Podium Prizes');

      await winners.fill('0');
      await page.getByRole('button', { name: 'Create Contest' }).click();
      await expect(winners).toHaveAccessibleDescription('Number of winners must be at least 1');
      await winners.fill('101');
      await expect(winners).toHaveAccessibleDescription('Number of winners must be at most 100');
      await winners.fill('2.5');
      await expect(winners).toHaveAccessibleDescription('Number of winners must be a whole number');
      await expect(page).toHaveURL(/\/contest-builder$/);

      await winners.fill('3');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(winners).toHaveAccessibleDescription(
        'Places the draw fills, 1 to 100. Set until the first draw.',
      );
      await expectNoHorizontalScroll(page);
      await snap('builder-winners');
      await page.getByRole('button', { name: 'Create Contest' }).click();

      await expectToast(page, 'Contest Created!');
      await expect(page).toHaveURL(new RegExp(`/dashboard/${UUID}$`));
      const id = page.url().split('/').at(-1)!;
      const [saved] = await server.db.select().from(contests).where(eq(contests.id, id));
      expect(saved).toMatchObject({ title: 'Podium Prizes', winnersCount: 3 });

      await page.goto('/');
      await expect(
        contestCard(page, 'Podium Prizes').getByText('3 winners', { exact: true }),
      ).toBeVisible();
    },
  );

  test(
    'Save Draft keeps a private draft that the owner publishes later',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, signIn, snap }) => {
      await signIn(await seedUserWithPassword());
      await page.goto('/contest-builder');
      await fillValidContest(page, 'Autumn Draft');
      await page.getByRole('button', { name: 'Save Draft' }).click();

      await expectToast(
        page,
        'Draft Saved',
        'Your draft is saved. Publish it from its dashboard when you are ready.',
      );
      await expect(page).toHaveURL(new RegExp(`/dashboard/${UUID}$`));
      const id = page.url().split('/').at(-1)!;
      await expect(page.getByRole('heading', { name: 'Autumn Draft' })).toBeVisible();
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();
      const publish = page.getByRole('button', { name: 'Publish' });
      await expect(publish).toBeVisible();
      await expectNoHorizontalScroll(page);
      await snap('builder-draft-dashboard');

      // A draft is nobody else's business: its public link shows nothing.
      const visitor = await browser.newContext({ baseURL: server.url });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/c/${id}`);
      await expect(visitorPage.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
      await visitor.close();

      await publish.click();
      await expectToast(page, 'Contest Published', 'Your contest is live and taking entries.');
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pause entries' })).toBeVisible();
      await expect(publish).toHaveCount(0);
      await snap('builder-draft-published');

      await page.goto('/');
      await expect(
        contestCard(page, 'Autumn Draft').getByText('Active', { exact: true }),
      ).toBeVisible();
    },
  );

  test('a visitor who is not signed in is sent to sign in', PHONE_ONLY, async ({ page, snap }) => {
    const redirect = await stopLoginRedirect(page);
    await page.goto('/contest-builder');
    await expectToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await redirect.redirected;
    await snap('builder-signed-out');

    // Let through, the redirect lands on the sign-in screen.
    await redirect.release();
    await page.goto('/contest-builder');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test(
    'Back returns to the contests list',
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn }) => {
      await signIn(await seedUserWithPassword());
      await page.goto('/contest-builder');
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Your Contests' })).toBeVisible();
    },
  );
});
