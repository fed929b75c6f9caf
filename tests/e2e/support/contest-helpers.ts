import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { waitLikeAPerson } from './helpers.ts';

/** The value a datetime-local input takes for this moment, in the local zone (browser = node). */
export function dateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A contest card of the signed-in home, found by its title. */
export function contestCard(page: Page, title: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The value shown under a stat card's label ("Total Registrants", "Total Users"). */
export function statValue(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

/** The number beside each filter of the dashboard's entries card ("Confirmed 3"). */
export async function expectFilterCounts(
  entries: Locator,
  counts: Partial<Record<'All' | 'Pending' | 'Confirmed' | 'Flagged' | 'Referred', number>>,
) {
  for (const [filter, count] of Object.entries(counts)) {
    await expect(entries.getByRole('tab', { name: new RegExp(`^${filter}`) })).toHaveText(
      new RegExp(`^${filter}\\s*${count}$`),
    );
  }
}

/** Lets the page write to and read from the clipboard (Copy link). */
export async function allowClipboard(context: BrowserContext, origin: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The text a browser shows for a date with these options (the page formats in its locale). */
export function browserDate(
  page: Page,
  iso: string,
  options: Intl.DateTimeFormatOptions,
): Promise<string> {
  return page.evaluate(([value, format]) => new Date(value).toLocaleString(undefined, format), [
    iso,
    options,
  ] as const);
}

export type Visitor = { page: Page; context: BrowserContext; close: () => Promise<void> };

/**
 * Someone else on another device: a fresh context without cookies or storage, with the same
 * console-error watch as the fixtures (4xx answers are the API's normal refusals).
 */
export async function newVisitor(browser: Browser, baseURL: string): Promise<Visitor> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const unexpected: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) {
      unexpected.push(text);
    }
  });
  page.on('pageerror', (error) => unexpected.push(`Uncaught: ${error.message}`));
  return {
    page,
    context,
    close: async () => {
      await context.close();
      expect(unexpected, 'unexpected console errors of the other visitor').toEqual([]);
    },
  };
}

/** Runs `work` as another visitor (see newVisitor), closing their browser context after. */
export async function withVisitor<T>(
  browser: Browser,
  baseURL: string,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const visitor = await newVisitor(browser, baseURL);
  try {
    return await work(visitor.page);
  } finally {
    await visitor.close();
  }
}

/**
 * The logged-out toast shows for 500 ms before the browser leaves for /api/login. Answering that
 * request with 204 keeps the page (and its toast) on screen: a 204 ends a navigation in place.
 * Resolves with a function that lets the next redirect through.
 */
export async function stopLoginRedirect(page: Page): Promise<{
  redirected: Promise<unknown>;
  release: () => Promise<void>;
}> {
  await page.route('**/api/login', (route) => route.fulfill({ status: 204 }));
  return {
    redirected: page.waitForRequest('**/api/login'),
    release: () => page.unroute('**/api/login'),
  };
}

/** Another browser, signed in as this user (a real session cookie, as the signIn fixture does). */
export async function signedInContext(
  browser: Browser,
  server: { url: string; app: FastifyInstance; db: Db },
  userId: string,
): Promise<BrowserContext> {
  const session = await createSession(server.db, userId, { userAgent: 'e2e' });
  const context = await browser.newContext({ baseURL: server.url });
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: server.app.signCookie(session.token),
      url: server.url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context;
}

/** The entry page's form: its two fields and its button. */
export function entryForm(page: Page) {
  return {
    name: page.getByLabel('Full name', { exact: true }),
    email: page.getByLabel('Email address', { exact: true }),
    submit: page.getByRole('button', { name: 'Enter Contest' }),
  };
}

/** Fills the entry form, takes a person's time over it, and sends it. */
export async function enterContest(page: Page, name: string, email: string) {
  const form = entryForm(page);
  await form.name.fill(name);
  await form.email.fill(email);
  await waitLikeAPerson(page);
  await form.submit.click();
}
