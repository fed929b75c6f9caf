import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll } from './support/helpers.ts';
import {
  enterForStatusPage,
  openScreen,
  seedMainScreens,
  type Screen,
} from './support/main-screens.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * Phones and keyboards (docs/product.md#phones-and-keyboards): tap targets, focus rings, the QR
 * code's picture and poster, and the line that says a page needs JavaScript.
 */

const MIN_TARGET_PX = 44;

type Target = { label: string; width: number; height: number };

/**
 * Every visible control on the page that a finger taps, with its size: buttons, links, switches,
 * tabs, checkboxes (whose hit area is their label). A link inside a sentence is text, not a
 * target of its own (WCAG 2.5.8's inline exception), and is left out.
 */
function tapTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], [role="button"], [role="switch"], [role="tab"], [role="checkbox"], input[type="checkbox"], input[type="radio"], summary, select';
    const inSentence = (element: Element) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      element.parentElement !== null &&
      element.parentElement.textContent.trim() !== element.textContent.trim();
    return [...document.querySelectorAll(selector)]
      .filter((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        // Behind an open dialog, or a form's hidden copy of a switch: nobody taps it.
        const hidden = element.closest('[aria-hidden="true"], [inert]') !== null;
        return (
          !hidden &&
          style.visibility !== 'hidden' &&
          box.width > 0 &&
          box.height > 0 &&
          !inSentence(element)
        );
      })
      .map((element) => {
        const hitArea =
          element instanceof HTMLInputElement && element.labels?.[0] ? element.labels[0] : element;
        const box = hitArea.getBoundingClientRect();
        const label =
          element.getAttribute('aria-label') ??
          (element.textContent.trim() || element.outerHTML.slice(0, 80));
        return { label, width: Math.round(box.width), height: Math.round(box.height) };
      });
  });
}

async function expectTapTargets(page: Page, screen: string) {
  const small = (await tapTargets(page)).filter(
    (target) => target.width < MIN_TARGET_PX || target.height < MIN_TARGET_PX,
  );
  expect.soft(small, `tap targets under 44x44 px on the ${screen}`).toEqual([]);
}

/** The focused element's ring: an outline of 2 px or more, or a box-shadow ring. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    // Focus on a native control's own part (a date field's calendar button), which the browser
    // rings itself: the field is the active element but does not match :focus.
    if (!element.matches(':focus')) return null;
    const style = getComputedStyle(element);
    return {
      label:
        element.getAttribute('aria-label') ??
        (element.textContent.trim().slice(0, 40) ||
          `${element.tagName.toLowerCase()} ${element.id} ${element.getAttribute('type') ?? ''}`),
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
      shadow: style.boxShadow !== 'none',
    };
  });
}

/** Tabs through the page (up to `presses` stops) and checks that each stop shows a ring. */
async function expectFocusRings(page: Page, screen: string, presses = 25) {
  const missing: string[] = [];
  let stops = 0;
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (!ring) continue;
    stops += 1;
    if (!ring.outline && !ring.shadow) missing.push(ring.label);
  }
  expect(stops, `Tab reaches controls on the ${screen}`).toBeGreaterThan(0);
  expect.soft(missing, `controls on the ${screen} focused without a visible ring`).toEqual([]);
}

/**
 * Every e-mail address shown is whole or wraps only between its parts: no `break-all`, and each
 * run of its text (the part before the "@", the rest) on one line. A row that cuts the address
 * with "…" shows it whole in its title. Returns how many addresses it saw.
 */
async function expectEmailsUnbroken(page: Page, screen: string) {
  const problems = await page.evaluate(() => {
    const address = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const found: string[] = [];
    let seen = 0;
    for (const element of document.querySelectorAll('body *')) {
      const text = element.textContent.trim();
      if (!address.test(text) || element.children.length > 1) continue;
      if (element.getBoundingClientRect().width === 0) continue;
      seen += 1;
      const style = getComputedStyle(element);
      if (style.wordBreak === 'break-all') found.push(`${text}: break-all`);
      if (style.textOverflow === 'ellipsis') {
        if (element.getAttribute('title') !== text) found.push(`${text}: cut without a title`);
        continue;
      }
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1)
          found.push(`${text}: "${node.textContent}" split over ${lines.size} lines`);
      }
    }
    return { found, seen };
  });
  expect(problems.found, `e-mail addresses broken on the ${screen}`).toEqual([]);
  return problems.seen;
}

test.describe('phones and keyboards', () => {
  test(
    'every button and link of the main screens is at least 44x44 px on a phone',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, signIn, snap }) => {
      test.slow();
      const owner = await seedUserWithPassword();
      const { bonus, screens } = await seedMainScreens(browser, server, owner.id);

      const publicScreens: Screen[] = [
        screens.landing,
        screens.entry,
        screens.entryWithBonus,
        screens.drawRecord,
      ];
      for (const screen of publicScreens) {
        await openScreen(page, screen);
        await expectTapTargets(page, screen.name);
        await expectNoHorizontalScroll(page);
      }
      await page.goto('/login');
      await expectTapTargets(page, 'sign-in screen');

      const statusUrl = await enterForStatusPage(page, bonus.id);
      await expectTapTargets(page, '"You\'re in" view');
      await snap('tap-targets-youre-in');
      await page.goto(statusUrl);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectTapTargets(page, 'status page');

      await signIn(owner);
      for (const screen of [
        screens.contests,
        screens.dashboard,
        screens.dashboardDrawn,
        screens.builder,
      ]) {
        await openScreen(page, screen);
        await expectTapTargets(page, screen.name);
        await expectNoHorizontalScroll(page);
        await snap(`tap-targets-${screen.name.replaceAll(' ', '-')}`);
      }
      await openScreen(page, screens.dashboard);
      await page.getByRole('button', { name: 'QR code' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectTapTargets(page, 'QR code dialog');
    },
  );

  test(
    'e-mail addresses are never broken mid-word at 390 px',
    PHONE_ONLY,
    async ({ page, browser, server, seedUserWithPassword, signIn }) => {
      test.slow();
      const owner = await seedUserWithPassword();
      const { screens } = await seedMainScreens(browser, server, owner.id);
      await signIn(owner);
      await openScreen(page, screens.dashboardDrawn);
      await expect(page.getByText('maya.chen.long-address@example.com').first()).toBeVisible();
      // The two winners and the five entries of the list.
      expect(await expectEmailsUnbroken(page, 'dashboard after the draw')).toBeGreaterThanOrEqual(
        7,
      );
    },
  );

  test('Tab shows a focus ring on everything it reaches: public screens', async ({
    page,
    browser,
    server,
    seedUserWithPassword,
  }) => {
    test.slow();
    const owner = await seedUserWithPassword();
    const { screens } = await seedMainScreens(browser, server, owner.id);
    for (const screen of [screens.landing, screens.entryWithBonus, screens.drawRecord]) {
      await openScreen(page, screen);
      await expectFocusRings(page, screen.name);
    }
  });

  test("Tab shows a focus ring on everything it reaches: owner's screens", async ({
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
    for (const screen of [screens.contests, screens.dashboard, screens.builder]) {
      await openScreen(page, screen);
      await expectFocusRings(page, screen.name, 30);
    }
  });
});

test.describe('the QR code of the share panel', () => {
  test('downloads as a PNG and prints as a poster with the title', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Summer Poster Giveaway' });
    const publicUrl = `${server.url}/c/${contest.id}`;
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code for your contest' });
    await expect(
      dialog.getByRole('img', { name: `QR code linking to ${publicUrl}` }),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download for large prints' })).toHaveAttribute(
      'download',
      'Summer Poster Giveaway-qr.svg',
    );
    await expectNoHorizontalScroll(page);
    await snap('qr-code-dialog');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Summer Poster Giveaway-qr.png');
    const png = readFileSync((await download.path())!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    // The IHDR chunk's width and height: a picture large enough to print.
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(1200);

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await dialog.getByRole('button', { name: 'Print poster' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

    // On paper: the title, the code and the short link, and nothing of the dashboard.
    await page.emulateMedia({ media: 'print' });
    const poster = page.locator('[data-print-poster]');
    await expect(poster).toBeVisible();
    await expect(poster.getByRole('heading', { name: 'Summer Poster Giveaway' })).toBeVisible();
    await expect(
      poster.getByRole('img', { name: `QR code linking to ${publicUrl}` }),
    ).toBeVisible();
    await expect(
      poster.getByText(publicUrl.replace(/^https?:\/\//, ''), { exact: true }),
    ).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(dialog).toBeHidden();
    const titleSize = await poster
      .getByRole('heading')
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(titleSize).toBeGreaterThanOrEqual(40);
    await snap('qr-poster-print');

    await page.emulateMedia({ media: 'screen' });
    await expect(poster).toBeHidden();
    await expect(dialog).toBeVisible();
  });
});

test.describe('pages that need JavaScript say so', () => {
  test.use({ javaScriptEnabled: false });

  test('owner screens show the line; the entry page and the confirmation page do not', async ({
    page,
    server,
    seedUserWithPassword,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'No Script Giveaway' });
    // Playwright's text search skips <noscript>: the line is found by its element.
    const line = page.locator('noscript[data-needs-javascript] p');

    for (const path of [
      '/login',
      `/dashboard/${contest.id}`,
      '/contest-builder',
      `/c/${contest.id}/draw`,
    ]) {
      await page.goto(path);
      await expect(line, path).toBeVisible();
      await expect(line, path).toContainText('This page needs JavaScript.');
    }
    await snap('noscript-line');

    await page.goto(`/c/${contest.id}`);
    await expect(page.getByRole('heading', { name: 'No Script Giveaway' })).toBeVisible();
    await expect(line).toHaveCount(0);
    await page.goto(`/entries/confirm?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(line).toHaveCount(0);
    await page.goto('/');
    await expect(line).toHaveCount(0);
  });
});
