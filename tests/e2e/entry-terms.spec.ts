import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contestEntries } from '#server/db/schema.ts';
import { recordRulesVersion } from '#server/features/rules/service.ts';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';
import { entryForm } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * The entry page of a contest with official rules, a minimum age, some countries and a consent
 * box, and of one that opens later (docs/product.md#rules-schedule-and-consent): what an entrant
 * must tick and choose, what is optional, and what they see before the start, with and without
 * the page's script.
 */

const RULES: ContestRules = {
  sponsorName: 'Coach Ana Fitness',
  sponsorContact: 'ana@example.com',
  minAge: 18,
  allowedCountries: ['ES', 'PT'],
  excludedRegions: '',
  employeesExcluded: true,
  prizeRetailValue: '€150',
  additionalTerms: '',
};
const CONSENT = "Send me Coach Ana's weekly tips";

type Server = Parameters<Parameters<typeof test>[2]>[0]['server'];

async function seedContestWithRules(server: Server, ownerId: string, title: string) {
  const contest = await seedContest(server.db, ownerId, {
    title,
    rules: RULES,
    consentText: CONSENT,
    timeZone: 'Europe/Madrid',
  });
  // Publishing fixes the rules' first version (the seeder writes the row as published).
  await recordRulesVersion(server.app.appContext, contest.id);
  return contest;
}

const boxes = (page: Page) => ({
  country: page.getByLabel('Country where you live'),
  rules: page.getByRole('checkbox', { name: 'I agree to the official rules' }),
  age: page.getByRole('checkbox', { name: 'I am at least 18' }),
  consent: page.getByRole('checkbox', { name: `${CONSENT} (optional)` }),
});

test.describe('the entry form of a contest with rules', () => {
  test('asks for the country, the rules and the age, and leaves the consent box unticked', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContestWithRules(server, owner.id, 'Rules Apply');
    await page.goto(`/c/${contest.id}`);
    const fields = entryForm(page);
    const asked = boxes(page);
    await expect(asked.consent).not.toBeChecked();
    await expect(page.getByText('Open to entrants in Spain, Portugal.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap('entry-terms-open');

    await fields.name.fill('Lucía Gómez');
    await fields.email.fill(uniqueEmail('lucia'));
    await page.waitForTimeout(FAST_SUBMIT_MS + 500);
    await fields.submit.click();
    await expect(asked.country).toHaveAccessibleDescription('Please choose your country');
    await expect(asked.rules).toHaveAccessibleDescription('Please agree to the official rules');
    await expect(asked.age).toHaveAccessibleDescription('Please confirm you are at least 18');
    await snap('entry-terms-refused');

    await asked.country.selectOption('ES');
    await asked.rules.check();
    await asked.age.check();
    await fields.submit.click();
    await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
    const [stored] = await server.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(stored).toMatchObject({ country: 'ES', rulesVersion: 1, consentAt: null });
  });

  test('links the official rules, which open as their own page', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContestWithRules(server, owner.id, 'Read The Rules');
    await page.goto(`/c/${contest.id}`);
    const [rulesPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'official rules' }).click(),
    ]);
    await rulesPage.waitForLoadState();
    expect(new URL(rulesPage.url()).pathname).toBe(`/c/${contest.id}/rules`);
    await expect(rulesPage.getByText('Coach Ana Fitness').first()).toBeVisible();
    await expectNoHorizontalScroll(rulesPage);
    await rulesPage.screenshot({
      path: `test-results/screens/${test.info().project.name}/rules-page.png`,
      fullPage: true,
    });
    await snap('entry-terms-rules-link');
  });
});

test.describe('the entry form of a contest with rules, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'a refused form keeps what was ticked and chosen, and a fixed one enters',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContestWithRules(server, owner.id, 'Plain Rules');
      await page.goto(`/c/${contest.id}`);
      const fields = entryForm(page);
      const asked = boxes(page);
      await fields.name.fill('Rui Costa');
      await fields.email.fill(uniqueEmail('rui'));
      await asked.country.selectOption('PT');
      await asked.consent.check();
      await page.waitForTimeout(FAST_SUBMIT_MS + 500);
      await fields.submit.click();

      await expect(asked.rules).toHaveAccessibleDescription('Please agree to the official rules');
      await expect(asked.country).toHaveValue('PT');
      await expect(asked.consent).toBeChecked();
      await expect(fields.name).toHaveValue('Rui Costa');
      await snap('nojs-entry-terms-refused');

      await asked.rules.check();
      await asked.age.check();
      await page.waitForTimeout(FAST_SUBMIT_MS + 500);
      await fields.submit.click();
      await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
      const [stored] = await server.db
        .select()
        .from(contestEntries)
        .where(eq(contestEntries.contestId, contest.id));
      expect(stored).toMatchObject({ country: 'PT', rulesVersion: 1 });
      expect(stored!.consentAt).not.toBeNull();
    },
  );
});

test.describe('a contest that opens later', () => {
  test('shows when it opens, in its own zone, and a countdown instead of the form', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, {
      title: 'Monday Giveaway',
      startDate: fromNow({ days: 2 }),
      endDate: fromNow({ days: 9 }),
      timeZone: 'Asia/Tokyo',
    });
    await page.goto(`/c/${contest.id}`);
    await expect(page.getByText(/^Entries open \w+day, .* at \d\d:\d\d GMT\+9$/)).toBeVisible();
    await expect(page.getByText('Opens in:')).toBeVisible();
    await expect(entryForm(page).submit).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('entry-scheduled');
  });

  test(
    'says the same without JavaScript',
    PHONE_ONLY,
    async ({ browser, server, seedUserWithPassword }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, {
        title: 'Plain Monday',
        startDate: fromNow({ days: 2 }),
      });
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
      const page = await context.newPage();
      await page.goto(`/c/${contest.id}`);
      await expect(page.getByText('Opens in:')).toBeVisible();
      await expect(page.getByText(/^Entries open .* UTC$/)).toBeVisible();
      await expect(entryForm(page).submit).toHaveCount(0);
      await context.close();
    },
  );
});
