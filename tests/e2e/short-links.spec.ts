import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { slugMessages } from '#shared/contracts/contest-slugs.ts';
import { enterContest } from './support/contest-helpers.ts';
import { expect, test } from './support/fixtures.ts';
import { expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const shortLink = (page: Page) => page.getByLabel('Short link (optional)', { exact: true });

test.describe('short links', () => {
  test('the owner sets a short link; the id link and its friend code land on it', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Summer Glow Giveaway' });
    const rival = await seedContest(server.db, owner.id);
    const slug = `summer-glow-${Date.now().toString(36)}`;
    await server.db
      .update(contests)
      .set({ slug: `${slug}-taken` })
      .where(eq(contests.id, rival.id));

    await signIn(owner);
    await page.goto(`/contest-edit/${contest.id}`);
    await expect(page.getByText(/\/c\/$/)).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Changes' });

    // The shared contract, in the browser: upper case is refused, not folded.
    await shortLink(page).fill('Summer');
    await save.click();
    await expect(shortLink(page)).toHaveAccessibleDescription(slugMessages.characters);

    // The server's refusal lands on the field.
    await shortLink(page).fill(`${slug}-taken`);
    await save.click();
    await expect(shortLink(page)).toHaveAccessibleDescription(slugMessages.taken);
    await snap('short-link-taken');

    await shortLink(page).fill(slug);
    await save.click();
    await expectToast(page, 'Contest Updated');

    await page.goto(`/c/${contest.id}?ref=0123456789abcdef`);
    await expect(page).toHaveURL(new RegExp(`/c/${slug}\\?ref=0123456789abcdef$`));
    await expect(page.getByRole('heading', { name: 'Summer Glow Giveaway' })).toBeVisible();
    await snap('short-link-page');

    // Hydrated at the short link, the script enters by the contest's id.
    await expect(page.locator('form[data-enhanced]')).toBeVisible();
    await enterContest(page, 'Sam Short', 'sam.short@example.com');
    await expectToast(page, 'Entry Successful!');
  });
});
