import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { contests } from '#server/db/schema.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { drawAsOwner } from './support/admin-helpers.ts';
import { enterContest } from './support/contest-helpers.ts';
import { expect, test, uniqueEmail } from './support/fixtures.ts';
import {
  enterForStatusPage,
  openScreen,
  seedMainScreens,
  type Screen,
} from './support/main-screens.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The automated accessibility check (docs/product.md#phones-and-keyboards): axe-core's WCAG 2 A
 * and AA rules on the main screens, at both sizes; a serious or critical violation fails.
 */

type Violation = { rule: string; impact: string; help: string; targets: string[] };

async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(0);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

async function expectAccessible(page: Page, screen: string) {
  expect.soft(await seriousViolations(page), `axe on the ${screen}`).toEqual([]);
}

test.describe('accessibility (axe-core, WCAG 2 A and AA)', () => {
  test('the public screens: entry pages, "You\'re in", status, confirmation link, draw record, claim', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    mailedLink,
  }) => {
    test.slow();
    const owner = await seedUserWithPassword();
    const { bonus, screens } = await seedMainScreens(browser, server, owner.id);
    const publicScreens: Screen[] = [screens.entry, screens.entryWithBonus, screens.drawRecord];
    for (const screen of publicScreens) {
      await openScreen(page, screen);
      await expectAccessible(page, screen.name);
    }
    const statusUrl = await enterForStatusPage(page, bonus.id);
    await expectAccessible(page, '"You\'re in" view');
    await page.goto(statusUrl);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, 'status page');

    // The double opt-in link's page, which the server renders without scripts.
    const confirming = await seedContest(server.db, owner.id, { title: 'Confirm First Giveaway' });
    await server.db
      .update(contests)
      .set({ requireConfirmation: true })
      .where(eq(contests.id, confirming.id));
    const email = uniqueEmail('confirming');
    await page.goto(`/c/${confirming.id}`);
    await enterContest(page, 'Sam Lee', email);
    await page.goto(await mailedLink(email, '/entries/confirm'));
    await expect(page.getByRole('button', { name: 'Confirm my entry' })).toBeVisible();
    await expectAccessible(page, 'confirmation link page');

    // The winner's claim page, which the server renders with its own small script.
    const prized = await seedContest(server.db, owner.id, { title: 'Claim Check Giveaway' });
    const winner = uniqueEmail('winner');
    await seedEntries(server, prized.id, [{ name: 'Wren Winner', email: winner }]);
    await drawAsOwner(server, owner, prized.id);
    await page.goto(await mailedLink(winner, '/claim'));
    await expect(page.getByRole('button', { name: 'Accept the prize' })).toBeVisible();
    await expectAccessible(page, 'claim page');
  });

  test("the owner's screens: dashboard before and after the draw, builder", async ({
    page,
    browser,
    server,
    seedUserWithPassword,
    signIn,
  }) => {
    test.slow();
    const owner = await seedUserWithPassword();
    const { screens } = await seedMainScreens(browser, server, owner.id);
    await signIn(owner);
    for (const screen of [
      screens.contests,
      screens.dashboard,
      screens.dashboardDrawn,
      screens.builder,
    ]) {
      await openScreen(page, screen);
      await expectAccessible(page, screen.name);
    }
  });
});
