import { expect, type Locator, type Page } from '@playwright/test';
import { FAST_SUBMIT_MS } from '#shared/contracts/entry-flags.ts';

/** The Radix toast region ("Notifications (F8)") and the toast in it that has this title. */
export function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** Waits for a toast with exactly this title and, when given, exactly this description. */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  if (description !== undefined) {
    await expect(
      typeof description === 'string'
        ? toast.getByText(description, { exact: true })
        : toast.getByText(description),
    ).toBeVisible();
  }
}

/**
 * The page must fit the viewport's width: nothing may scroll sideways. Measured against the
 * root's clientWidth: in mobile emulation window.innerWidth grows with content that overflows
 * (the browser zooms out to fit it), so comparing with it never finds anything on a phone.
 */
export async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

/** Each named link inside `scope` leads to its address. */
export async function expectLinks(scope: Locator, links: [name: string | RegExp, href: string][]) {
  for (const [name, href] of links) {
    await expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
  }
}

/** The card title of an account screen. */
export function screenTitle(page: Page, title: string): Locator {
  return page.getByRole('heading', { name: title, exact: true });
}

export type SignupInput = { firstName: string; lastName: string; email: string; password: string };

export async function fillSignup(page: Page, input: Partial<SignupInput>) {
  if (input.firstName !== undefined) {
    await page.getByLabel('First name', { exact: true }).fill(input.firstName);
  }
  if (input.lastName !== undefined) {
    await page.getByLabel('Last name', { exact: true }).fill(input.lastName);
  }
  if (input.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(input.email);
  if (input.password !== undefined) {
    await page.getByLabel('Password', { exact: true }).fill(input.password);
  }
}

export async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Waits until the entry form has been out as long as a person takes to fill it in: the server
 * drops a form sent sooner as a script's (under 2 s) and flags one sent a little later
 * (docs/product.md#trusted-leads). The server's clock starts when it issues the form token: with
 * the page's HTML, or with GET …/entry-form when the page was reached inside the app. Counting
 * from the first byte of that answer, not from navigation start, keeps a slow server (a loaded CI
 * machine) from making the wait too short.
 */
export async function waitLikeAPerson(page: Page) {
  const sinceServedMs = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceResourceTiming[];
    const formRequests = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/entry-form')) as PerformanceResourceTiming[];
    const served = formRequests.at(-1) ?? navigation;
    return performance.now() - (served?.responseStart ?? 0);
  });
  const wait = FAST_SUBMIT_MS + 300 - sinceServedMs;
  if (wait > 0) await page.waitForTimeout(wait);
  // And the script has taken the form over: before that, a tap posts the plain form.
  await page.locator('form[data-enhanced]').waitFor();
}
