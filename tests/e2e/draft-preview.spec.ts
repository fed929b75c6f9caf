import { eq } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';
import { contestCard, newVisitor, signedInContext } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const BANNER = 'This is a preview. Entrants cannot see this page until you publish.';

test.describe('a draft previewed as entrants will see it', () => {
  test('the owner opens Preview from the draft card: the entry page under a banner, with no working form', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const draft = await seedContest(server.db, owner.id, {
      title: 'Spring Bootcamp Giveaway',
      state: 'draft',
    });
    const live = await seedContest(server.db, owner.id, { title: 'Already Live' });
    await signIn(owner);
    await page.goto('/');

    // A draft's link answers "not found" to others: its card offers Preview instead of Copy link.
    const card = contestCard(page, 'Spring Bootcamp Giveaway');
    await expect(card.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    await expect(
      contestCard(page, 'Already Live').getByRole('link', { name: 'Preview' }),
    ).toHaveCount(0);
    await card.getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(`/c/${draft.id}/preview`);

    const banner = page.getByRole('region', { name: 'Preview' });
    await expect(banner.getByText(BANNER)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring Bootcamp Giveaway');
    // As entrants will see it once published: open, with its form, which cannot be sent.
    await expect(page.getByRole('heading', { name: 'Contest Ended' })).toHaveCount(0);
    await expect(page.getByLabel('Full name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enter Contest' })).toBeDisabled();
    await expectNoHorizontalScroll(page);
    await snap('draft-preview');

    const entries = await server.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.contestId, draft.id));
    expect(entries).toHaveLength(0);

    await banner.getByRole('link', { name: 'Back to editing' }).click();
    await expect(page).toHaveURL(`/contest-edit/${draft.id}`);

    // A published contest has no preview: its address shows the live page, without a banner.
    await page.goto(`/c/${live.id}/preview`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Already Live');
    await expect(page.getByText(BANNER)).toHaveCount(0);
  });

  test(
    'an admin sees the preview too',
    PHONE_ONLY,
    async ({ browser, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const admin = await seedUserWithPassword({ role: 'admin' });
      const draft = await seedContest(server.db, owner.id, { title: 'Admin Eyes', state: 'draft' });
      const context = await signedInContext(browser, server, admin.id);
      const page = await context.newPage();
      await page.goto(`/c/${draft.id}/preview`);
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Eyes');
      await context.close();
    },
  );

  test('anyone else gets the not-found answer, signed in or not', async ({
    browser,
    server,
    seedUserWithPassword,
    snap,
    page,
  }) => {
    const owner = await seedUserWithPassword();
    const stranger = await seedUserWithPassword();
    const draft = await seedContest(server.db, owner.id, { title: 'Secret Draft', state: 'draft' });

    const context = await signedInContext(browser, server, stranger.id);
    const strangerPage = await context.newPage();
    await strangerPage.goto(`/c/${draft.id}/preview`);
    await expect(strangerPage.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
    await expect(strangerPage.getByText('Secret Draft')).toHaveCount(0);
    await expect(strangerPage.getByText(BANNER)).toHaveCount(0);
    await context.close();

    const visitor = await newVisitor(browser, server.url);
    await visitor.page.goto(`/c/${draft.id}/preview`);
    await expect(visitor.page.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
    await expect(visitor.page.getByText('Secret Draft')).toHaveCount(0);
    await visitor.close();

    await page.goto(`/c/${draft.id}`);
    await expect(page.getByRole('heading', { name: 'Contest Not Found' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('draft-preview-stranger');
  });
});
