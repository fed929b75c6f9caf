import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import { formatOpensShort } from '#web/features/contests/lib/opening.ts';
import { contestCard, dateTimeLocal, statValue } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { fromNow, seedContest } from './support/seed-contests.ts';

/**
 * The builder's schedule, official rules and consent (issue 30): a contest that opens tomorrow,
 * in a zone of its own, with rules and a consent sentence, kept as built when edited.
 */

const ZONE = 'America/New_York';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function fillBasics(page: Page, title: string, end: Date) {
  await field(page, 'Contest title').fill(title);
  await field(page, 'Description').fill('Twelve weeks with Coach Ana. One lucky entrant wins.');
  await field(page, 'Prize details').fill('3 months of personal training');
  await field(page, 'End date and time').fill(dateTimeLocal(end));
}

/**
 * The rules group with its answers open (chips, the country list, the published note) passes
 * what the main screens pass with it closed (docs/product.md#phones-and-keyboards): no serious
 * axe violation, and at phone width every control a finger taps is 44x44 px or more.
 */
async function expectRulesGroupUsable(page: Page) {
  const group = page.getByRole('group', { name: 'Rules and consent' });
  const axe = await new AxeBuilder({ page })
    .include('fieldset')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const serious = axe.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) >= 640) return;
  const small = await group.evaluate((root) =>
    [...root.querySelectorAll('button, a[href], [role="switch"], input[type="checkbox"], select')]
      .map((element) => {
        const target =
          element instanceof HTMLInputElement && element.labels?.[0] ? element.labels[0] : element;
        const box = target.getBoundingClientRect();
        return { name: target.textContent.trim(), width: box.width, height: box.height };
      })
      .filter((box) => box.width > 0 && (box.width < 44 || box.height < 44)),
  );
  expect(small).toEqual([]);
}

/** Ticks a country found by the search box, as an owner would. */
async function pickCountry(page: Page, search: string, name: string) {
  await page.getByRole('searchbox', { name: 'Search countries' }).fill(search);
  await page.getByRole('group', { name: 'Countries' }).getByLabel(name, { exact: true }).check();
}

test.describe('builder: schedule, official rules and consent', () => {
  test('a contest opening tomorrow, with rules and a consent box, is built, listed and edited', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    await signIn(owner);
    await page.goto('/contest-builder');
    const start = fromNow({ days: 1 });
    start.setSeconds(0, 0);
    await fillBasics(page, 'Spring Shred', fromNow({ days: 8 }));

    // Schedule: empty start, the owner's own zone, each with its help.
    const startField = field(page, 'Start date and time (optional)');
    await expect(startField).toHaveValue('');
    await expect(startField).toHaveAccessibleDescription(
      'Leave empty to open entries as soon as you publish.',
    );
    const zone = field(page, 'Time zone');
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(zone).toHaveValue(browserZone);
    await expect(zone).toHaveAccessibleDescription('Entrants see dates in this zone.');
    await startField.fill(dateTimeLocal(start));
    await zone.selectOption(ZONE);

    // Rules: off until switched on; on, the sponsor is required.
    const rulesSwitch = page.getByRole('switch', { name: 'Official rules' });
    await expect(rulesSwitch).not.toBeChecked();
    await expect(field(page, 'Sponsor name')).toHaveCount(0);
    await rulesSwitch.click();
    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expect(field(page, 'Sponsor name')).toHaveAccessibleDescription(
      'Sponsor name is required',
    );
    await expect(field(page, 'Sponsor contact (address or e-mail)')).toHaveAccessibleDescription(
      'Sponsor contact is required',
    );
    await expect(page.getByRole('alert')).toHaveCount(2);
    await expect(page).toHaveURL(/\/contest-builder$/);

    await field(page, 'Sponsor name').fill('Coach Ana Fitness');
    await field(page, 'Sponsor contact (address or e-mail)').fill('ana@example.com');
    await field(page, 'Minimum age').selectOption('18');
    await expect(page.getByText('Anywhere', { exact: true })).toBeVisible();
    await pickCountry(page, 'spa', 'Spain');
    await pickCountry(page, 'PORTU', 'Portugal');
    await expect(page.getByText('Anywhere', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Spain' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Portugal' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('');
    await field(page, 'Excluded regions (optional)').fill('Canary Islands');
    await page
      .getByRole('switch', { name: "The sponsor's employees and their families may not enter" })
      .click();
    await field(page, 'Prize retail value (optional)').fill('$450');
    await field(page, 'Additional terms (optional)').fill('One prize per household.');
    const consent = field(page, 'Marketing consent sentence (optional)');
    await expect(consent).toHaveAccessibleDescription(
      "e.g. Send me Coach Ana's weekly tips. Leave empty for no consent box. The box is never ticked for the entrant.",
    );
    await consent.fill("Send me Coach Ana's weekly tips.");
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap('builder-rules-filled');

    await page.getByRole('button', { name: 'Create Contest' }).click();
    await expectToast(
      page,
      'Contest Created!',
      `Your contest is published and opens ${formatContestDate(start, ZONE)}.`,
    );
    await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(statValue(page, 'Opens')).toHaveText(formatOpensShort(start.toISOString(), ZONE));
    await expectNoHorizontalScroll(page);
    await snap('builder-rules-dashboard');

    const [saved] = await server.db.select().from(contests).where(eq(contests.id, id));
    expect(saved).toMatchObject({
      startDate: start,
      timeZone: ZONE,
      consentText: "Send me Coach Ana's weekly tips.",
      rules: {
        sponsorName: 'Coach Ana Fitness',
        sponsorContact: 'ana@example.com',
        minAge: 18,
        allowedCountries: ['ES', 'PT'],
        excludedRegions: 'Canary Islands',
        employeesExcluded: true,
        prizeRetailValue: '$450',
        additionalTerms: 'One prize per household.',
      },
    });

    // The list says when it opens instead of the time left.
    await page.goto('/');
    const card = contestCard(page, 'Spring Shred');
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(
      card.getByText(`Opens ${formatOpensShort(start.toISOString(), ZONE)}`, { exact: true }),
    ).toBeVisible();
    await snap('builder-rules-list');

    // Edited, every answer is as built; the published contest links to its rules.
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/contest-edit/${id}$`));
    await expect(startField).toHaveValue(dateTimeLocal(start));
    await expect(zone).toHaveValue(ZONE);
    await expect(rulesSwitch).toBeChecked();
    await expect(field(page, 'Sponsor name')).toHaveValue('Coach Ana Fitness');
    await expect(field(page, 'Sponsor contact (address or e-mail)')).toHaveValue('ana@example.com');
    await expect(field(page, 'Minimum age')).toHaveValue('18');
    await expect(page.getByRole('button', { name: 'Remove Spain' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Portugal' })).toBeVisible();
    await expect(field(page, 'Excluded regions (optional)')).toHaveValue('Canary Islands');
    await expect(
      page.getByRole('switch', {
        name: "The sponsor's employees and their families may not enter",
      }),
    ).toBeChecked();
    await expect(field(page, 'Prize retail value (optional)')).toHaveValue('$450');
    await expect(field(page, 'Additional terms (optional)')).toHaveValue(
      'One prize per household.',
    );
    await expect(consent).toHaveValue("Send me Coach Ana's weekly tips.");
    await expect(
      page.getByText(
        'Changing the rules after publishing publishes a new version; entrants keep the version they entered under.',
      ),
    ).toBeVisible();
    const rulesLink = page.getByRole('link', { name: 'View official rules' });
    await expect(rulesLink).toHaveAttribute('href', `/c/${id}/rules`);
    await expect(rulesLink).toHaveAttribute('target', '_blank');
    expect((await page.request.get(`/c/${id}/rules`)).ok(), 'the rules page answers').toBe(true);
    await expectNoHorizontalScroll(page);
    await expectRulesGroupUsable(page);
    await snap('edit-rules');

    await page.getByRole('button', { name: 'Remove Portugal' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Contest Updated');
    const [edited] = await server.db.select().from(contests).where(eq(contests.id, id));
    expect(edited!.rules).toMatchObject({ minAge: 18, allowedCountries: ['ES'] });
    expect(edited!.startDate).toEqual(start);
  });

  test(
    "a start after the end is refused on the start; the server's rules errors land on their fields",
    PHONE_ONLY,
    async ({ page, seedUserWithPassword, signIn, snap }) => {
      await signIn(await seedUserWithPassword());
      await page.goto('/contest-builder');
      const end = fromNow({ days: 3 });
      await fillBasics(page, 'Backwards Contest', end);
      const startField = field(page, 'Start date and time (optional)');
      await startField.fill(dateTimeLocal(fromNow({ days: 4 })));
      await page.getByRole('button', { name: 'Create Contest' }).click();
      await expect(startField).toHaveAccessibleDescription(
        'Start date must be before the end date',
      );
      // Moving the end past the start clears the start's error.
      await field(page, 'End date and time').fill(dateTimeLocal(fromNow({ days: 5 })));
      await expect(page.getByRole('alert')).toHaveCount(0);

      // The server answers a nested path ("rules.sponsorName"): it shows on the field.
      await page.getByRole('switch', { name: 'Official rules' }).click();
      await field(page, 'Sponsor name').fill('Coach Ana Fitness');
      await field(page, 'Sponsor contact (address or e-mail)').fill('ana@example.com');
      await page.route('**/api/contests', (route) =>
        route.fulfill({
          status: 400,
          json: {
            message: 'Sponsor name is taken',
            code: 'VALIDATION',
            errors: {
              'rules.sponsorName': 'Sponsor name is taken',
              'rules.allowedCountries.0': 'Pick a country from the list',
            },
          },
        }),
      );
      await page.getByRole('button', { name: 'Create Contest' }).click();
      await expect(field(page, 'Sponsor name')).toHaveAccessibleDescription(
        'Sponsor name is taken',
      );
      await expect(
        page.getByRole('alert').filter({ hasText: 'Pick a country from the list' }),
      ).toBeVisible();
      await snap('builder-rules-server-errors');
    },
  );

  test(
    'publishing a draft whose start is ahead says when it opens',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn }) => {
      const owner = await seedUserWithPassword();
      const draft = await seedContest(server.db, owner.id, {
        title: 'Opens Later',
        state: 'draft',
      });
      const start = fromNow({ days: 2 });
      await server.db
        .update(contests)
        .set({ startDate: start, timeZone: 'Europe/Madrid' })
        .where(eq(contests.id, draft.id));
      await signIn(owner);
      await page.goto(`/dashboard/${draft.id}`);
      await page.getByRole('button', { name: 'Publish' }).click();
      await expectToast(
        page,
        'Contest Published',
        `Your contest is published and opens ${formatContestDate(start, 'Europe/Madrid')}.`,
      );
      await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pause entries' })).toBeVisible();
    },
  );
});
