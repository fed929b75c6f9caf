import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DbContext } from '#server/context.ts';
import { contestEntries, contests, users, type Contest, type UserRole } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { createDrawSeed } from '#server/lib/draw-commitment.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import type { CreateContestBody } from '#shared/contracts/contests.ts';
import type { TestApp } from './test-app.ts';

/** Fast fixtures for feature tests: users and sessions straight in the database. */

export type SeededUser = { id: string; email: string; cookie: string };

export async function seedUser(t: TestApp, role: UserRole = 'user'): Promise<SeededUser> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, firstName: 'Sam', lastName: 'Seed', role, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const session = await createSession(t.database.db, user!.id, {});
  return { id: user!.id, email, cookie: `${SESSION_COOKIE}=${t.app.signCookie(session.token)}` };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A valid body for creating a contest through the API (POST /api/contests). */
export const contestBody = (overrides: Partial<CreateContestBody> = {}): CreateContestBody => ({
  title: 'Summer Shred Challenge',
  description: 'Six weeks of training, one lucky winner.',
  prizeDetails: 'Three months of personal training',
  prizeValue: '$450',
  endDate: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  maxEntries: 200,
  confirmationMessage: 'See you at the gym!',
  ...overrides,
});

/**
 * A contest row straight in the database, published unless told otherwise. Seeders take a
 * `DbContext` as services do: `t.database` in API tests, the e2e fixtures' `server`.
 */
export async function seedContest(
  { db }: DbContext,
  owner: { id: string },
  overrides: Partial<typeof contests.$inferInsert> = {},
): Promise<Contest> {
  const values = {
    ownerId: owner.id,
    title: 'Spring Shred Giveaway',
    description: 'Win a month of coaching.',
    prizeDetails: 'One month of 1:1 coaching',
    endDate: new Date(Date.now() + 7 * DAY_MS),
    publishedAt: new Date(),
    ...overrides,
  };
  // A published contest has its draw's commitment, as publishing gives it.
  const commitment = values.publishedAt
    ? { ...createDrawSeed(), committedAt: values.publishedAt }
    : {};
  const [contest] = await db
    .insert(contests)
    .values({ ...commitment, ...values })
    .returning();
  return contest!;
}

export type EntrySeed = { name: string; email: string; entryDate?: Date };

/**
 * Entries straight in the database (at the dates given, else now), past the schedule checks an
 * entrant meets, with the contest's counter kept in step as the app keeps it.
 */
export async function seedEntries(
  { db }: DbContext,
  contestId: string,
  entries: EntrySeed[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(contestEntries).values(entries.map((entry) => ({ contestId, ...entry })));
  await db
    .update(contests)
    .set({ entryCount: sql`${contests.entryCount} + ${entries.length}` })
    .where(eq(contests.id, contestId));
}

/** `app.inject` as a given user (or anonymous when `as` is undefined). */
/**
 * What the entry page's form sends beside name and e-mail: the token of a page served `ageMs`
 * ago (a person's pace by default). An entry sent without it is an API client's, taken and
 * flagged no-form-token (docs/product.md#trusted-leads).
 */
export function pageFormFields(t: Pick<TestApp, 'config'>, contestId: string, ageMs = 5_000) {
  return { formToken: issueFormToken(t.config.sessionSecret, contestId, Date.now() - ageMs) };
}

export function request(
  t: TestApp,
  as: SeededUser | undefined,
  options: InjectOptions & { method: string; url: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(as ? { cookie: as.cookie } : {}) },
  } as InjectOptions) as Promise<LightMyRequestResponse>;
}

/**
 * Proves the mailbox of every referred friend of a contest, as each friend's press on the mailed
 * link does (entries/referrals/proven-friends.test.ts walks that path): for the tests about
 * counting friends, not about proving them.
 */
export async function proveReferredFriends({ db }: DbContext, contestId: string) {
  await db
    .update(contestEntries)
    .set({ emailConfirmedAt: sql`now()` })
    .where(
      and(
        eq(contestEntries.contestId, contestId),
        isNotNull(contestEntries.referredBy),
        // A pending friend proves it by confirming, which is what those tests are about.
        eq(contestEntries.status, 'confirmed'),
        isNull(contestEntries.emailConfirmedAt),
      ),
    );
}
