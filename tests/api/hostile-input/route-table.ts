import { TEST_PASSWORD, uniqueEmail } from '#server/testing/auth-helpers.ts';
import { DAY_MS } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/**
 * The routes as the app itself registers them, so that a new route is fuzzed and checked
 * without anyone listing it here.
 */

export type Route = { method: string; url: string };

/** A test app and every route it registered (HEAD routes mirror their GET twins). */
export async function createAppWithRoutes(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; routes: Route[] }> {
  const routes: Route[] = [];
  const t = await createTestApp({
    ...options,
    onRoute: (route) => {
      if (route.method !== 'HEAD') routes.push(route);
    },
  });
  return { t, routes };
}

export const isUnsafe = (route: Route) => route.method !== 'GET';

/**
 * The route's path, its parameters naming the given user or contest (a draw's place: the first;
 * an entry's flag: address-burst; an image's kind: cover), or all set to `id`.
 */
export function pathOf(
  route: Route,
  ids: { userId: string; contestId: string },
  id?: string,
): string {
  return route.url.replace(/:(\w+)/g, (_match, param: string) => {
    if (id !== undefined) return id;
    if (param === 'position') return '1';
    if (param === 'flag') return 'address-burst';
    if (param === 'kind') return 'cover';
    return /user/i.test(param) ? ids.userId : ids.contestId;
  });
}

/** One body that every route accepts, each reading the fields it knows (zod drops the rest). */
export function validBody(): Record<string, unknown> {
  return {
    email: uniqueEmail('fuzz'),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    newPassword: TEST_PASSWORD,
    token: 'not-a-real-token',
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Maya Chen',
    title: 'Fuzz Giveaway',
    description: 'Made by the hostile-input suite.',
    prizeDetails: 'A prize',
    prizeValue: '$10',
    endDate: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    maxEntries: 100,
    confirmationMessage: 'Thanks for entering!',
    isActive: true,
    role: 'user',
    winnersCount: 2,
    count: 1,
    // The pick a disqualification names (its number in the draw record).
    p: 1,
    reason: 'Did not reply within 72 hours',
    // A flag's rule or one flagged entry's place in the draw.
    decision: 'exclude',
    // A prize's way to its winner (the owner's fulfilment of a place).
    status: 'sent',
  };
}
