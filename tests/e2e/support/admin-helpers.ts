import { expect, type Locator, type Page } from '@playwright/test';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests, users, type UserRole } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { deleteContest, findContest, contestStatusSql } from '#server/features/contests/service.ts';
import { drawWinner, resetWinners } from '#server/features/draws/service.ts';
import { seedEntries } from '#server/testing/seed.ts';
import { statValue } from './contest-helpers.ts';
import type { UserWithPassword } from './fixtures.ts';

/** The e2e server draws without a beacon (no DRAW_BEACON_URL). */
const noBeacon = { drawBeacon: null };

/** Every screen of the admin area and the recovery tools, as the route table lists them. */
export const adminScreens = {
  panel: '/admin',
  users: '/admin-users',
  workingAdmin: '/working-admin',
  verifyEmail: '/admin-verify-email',
  emailDebug: '/email-debug',
  passwordReset: '/admin-password-reset',
  emergencyAccess: '/emergency-access',
  databaseReset: '/database-reset',
  databaseInspector: '/database-inspector',
  verifyProduction: '/admin-verify-production',
} as const;

/** The recovery tools: they render for anyone, and show a sign-in prompt to non-admins. */
export const recoveryScreens = [
  adminScreens.workingAdmin,
  adminScreens.verifyEmail,
  adminScreens.emailDebug,
  adminScreens.passwordReset,
  adminScreens.emergencyAccess,
  adminScreens.databaseReset,
  adminScreens.databaseInspector,
  adminScreens.verifyProduction,
];

export type AdminStatsFigures = {
  totalUsers: number;
  activeUsers: number;
  totalContests: number;
  activeContests: number;
  totalEntries: number;
};

export const statLabels: Record<keyof AdminStatsFigures, string> = {
  totalUsers: 'Total Users',
  activeUsers: 'Active Users',
  totalContests: 'Total Contests',
  activeContests: 'Active Contests',
  totalEntries: 'Total Entries',
};

/**
 * The platform's figures counted straight from the database, by the definitions of
 * docs/product.md#contest-states (an active contest is open: published, not drawn, not paused,
 * not yet ended). Workers share a database, so tests add to these.
 */
export async function countFigures(db: Db): Promise<AdminStatsFigures> {
  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
  const n = sql<number>`count(*)`;
  return {
    totalUsers: await count(db.select({ n }).from(users)),
    activeUsers: await count(db.select({ n }).from(users).where(eq(users.isActive, true))),
    totalContests: await count(db.select({ n }).from(contests)),
    activeContests: await count(
      db
        .select({ n })
        .from(contests)
        // The server's own rule (its SQL twin): only open contests are active.
        .where(eq(contestStatusSql, 'open')),
    ),
    totalEntries: await count(db.select({ n }).from(contestEntries)),
  };
}

/** A number as the browser's locale writes it (the stat cards use toLocaleString). */
export function localeNumber(page: Page, value: number): Promise<string> {
  return page.evaluate((n) => n.toLocaleString(), value);
}

export async function expectStatCards(page: Page, figures: AdminStatsFigures) {
  for (const key of Object.keys(statLabels) as (keyof AdminStatsFigures)[]) {
    await expect(statValue(page, statLabels[key])).toHaveText(
      await localeNumber(page, figures[key]),
    );
  }
}

/** Every stat card's figure fits inside its card (long figures must not run over the edge). */
export async function expectStatValuesFit(page: Page) {
  for (const label of Object.values(statLabels)) {
    const value = statValue(page, label);
    await expect(value).toBeVisible();
    const overflow = await value.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `the ${label} figure overflows its card`).toBeLessThanOrEqual(0);
  }
}

/**
 * One row of an admin list (users or contests), found by text it holds (an e-mail, a title).
 * Scope it to the tab panel where the latest actions card could name the same user or contest.
 */
export function listRow(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('listitem').filter({ hasText: text });
}

/** The open tab's panel of the admin panel and the working admin. */
export function tabPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

export function searchUsers(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search users by email' });
}

export function searchContests(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search contests by title' });
}

export function searchDraws(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search draws by contest title' });
}

/** The prompt a non-admin sees on every admin screen instead of its tools. */
export async function expectAdminSignInPrompt(page: Page, path: string) {
  await expect(page.getByRole('heading', { name: 'Admin sign-in required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Login' })).toHaveAttribute(
    'href',
    `/quick-admin?next=${encodeURIComponent(path)}`,
  );
  // No tool: no form field, no figures.
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText('Total Users', { exact: true })).toHaveCount(0);
}

/**
 * Records every call to the admin API; a screen shown to a non-admin must make none (its data
 * would be refused anyway, but the screen should not even ask).
 */
export function watchAdminCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(admin|database)\//.test(pathname) || pathname === '/api/auth/verify-manual') {
      calls.push(`${request.method()} ${pathname}`);
    }
  });
  return calls;
}

/** A contest whose wheel has been spun: an entry, named the winner. */
export async function seedWinner(db: Db, contestId: string): Promise<void> {
  await seedEntries({ db }, contestId, [{ name: 'Winning Entrant', email: 'winner@example.com' }]);
  const [entry] = await db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .limit(1);
  await db
    .update(contests)
    .set({ winnerId: entry!.id, winnerSelectedAt: new Date() })
    .where(eq(contests.id, contestId));
}

/** The owner, as the draw and delete services know the signed-in caller. */
function asOwner(owner: UserWithPassword): SessionUser {
  const { id, email, firstName, lastName } = owner;
  return { id, email, firstName, lastName, role: 'user' };
}

async function storedContest(db: Db, contestId: string) {
  const contest = await findContest({ db }, contestId);
  if (!contest) throw new Error(`no contest ${contestId}`);
  return contest;
}

/**
 * The owner's Draw button, through the same service: at random, or the entrant of that name
 * picked by hand. Answers the winner's name.
 */
export async function drawAsOwner(
  server: { app: FastifyInstance; db: Db },
  owner: UserWithPassword,
  contestId: string,
  pickName?: string,
): Promise<string> {
  const { db } = server;
  const [picked] = pickName
    ? await db
        .select({ id: contestEntries.id })
        .from(contestEntries)
        .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.name, pickName)))
    : [];
  const contest = await storedContest(db, contestId);
  // The app's own services, beacon aside: a test's draw takes no public randomness.
  const ctx = {
    ...server.app.appContext,
    config: { ...server.app.appContext.config, ...noBeacon },
  };
  return (await drawWinner(ctx, asOwner(owner), contest, picked?.id)).winner.name;
}

export async function resetAsOwner(
  db: Db,
  owner: UserWithPassword,
  contestId: string,
): Promise<void> {
  const contest = await storedContest(db, contestId);
  await resetWinners({ db }, asOwner(owner), contest, 'Redrawn by the owner');
}

export async function deleteAsOwner(
  db: Db,
  owner: UserWithPassword,
  contestId: string,
): Promise<void> {
  await deleteContest({ db }, asOwner(owner), contestId);
}

export async function storedUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user!;
}

export async function setStoredRole(db: Db, userId: string, role: UserRole): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** A short token that makes titles and searches unique within a worker's shared database. */
export function uniqueToken(): string {
  return Math.random().toString(36).slice(2, 8);
}
