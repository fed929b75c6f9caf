import { seedEntries } from '#server/testing/seed.ts';
import { contestMessages } from '#shared/contracts/contests.ts';
import { contestCard } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, toastWith } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/** Duplicate a contest (docs/product.md#duplicate-a-contest). */
test.describe('duplicate a contest', () => {
  test('the card’s Duplicate opens the copy’s edit form; the list shows it as a draft', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const slug = `summer-shred-${Date.now().toString(36)}`;
    const original = await seedContest(server.db, owner.id, {
      title: 'Summer Shred Challenge',
      prizeDetails: '3 months of personal training',
      slug,
    });
    await seedEntries(server, original.id, [
      { name: 'Alice Johnson', email: 'alice@example.com' },
      { name: 'Bob Smith', email: 'bob@example.com' },
    ]);

    await signIn(owner);
    await page.goto('/');
    // Held back a moment, so the pending state can be seen.
    await page.route('**/api/contests/*/duplicate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await contestCard(page, 'Summer Shred Challenge')
      .getByRole('button', { name: 'Duplicate' })
      .click();
    await expect(page.getByRole('button', { name: 'Duplicating...' })).toBeDisabled();

    await expectToast(
      page,
      'Contest Duplicated',
      'The copy is saved as a draft: check its dates, then publish it.',
    );
    await expect(page).toHaveURL(/\/contest-edit\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(original.id);
    await expect(page.getByRole('heading', { name: 'Edit Contest' })).toBeVisible();
    await expect(page.getByLabel('Contest title', { exact: true })).toHaveValue(
      'Summer Shred Challenge',
    );
    await expect(page.getByLabel('Short link (optional)', { exact: true })).toHaveValue(
      `${slug}-2`,
    );

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
    const cards = contestCard(page, 'Summer Shred Challenge');
    await expect(cards).toHaveCount(2);
    const copy = cards.filter({ has: page.getByText('Draft', { exact: true }) });
    await expect(copy.getByText('0 entries')).toBeVisible();
    await expect(copy.getByRole('link', { name: 'Preview' })).toBeVisible();
    await expect(
      cards.filter({ has: page.getByText('Active', { exact: true }) }).getByText('2 entries'),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    // On a phone the toast lies over the copy's card: the picture shows the card.
    await toastWith(page, 'Contest Duplicated').getByRole('button').click();
    await expect(toastWith(page, 'Contest Duplicated')).toHaveCount(0);
    await snap('contests-after-duplicate');
  });

  test(
    'a copy of an ended contest is published only once its end is moved',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const ended = await seedContest(server.db, owner.id, {
        title: 'Winter Warmup',
        endDate: fromNow({ days: -2 }),
      });

      await signIn(owner);
      await page.goto(`/dashboard/${ended.id}`);
      await page
        .getByRole('navigation', { name: 'Contest actions' })
        .getByRole('button', { name: 'Duplicate' })
        .click();
      await expect(page).toHaveURL(/\/contest-edit\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('note')).toHaveText(contestMessages.endedDraft);
      const copyId = page.url().split('/').pop()!;

      await page.goto(`/dashboard/${copyId}`);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expectToast(page, 'Update Failed', contestMessages.endedDraft);
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    },
  );
});
