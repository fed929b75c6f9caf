import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  contestDraws,
  contestEntries,
  contestPicks,
  contests,
  type Contest,
  type ContestEntry,
} from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import type { DrawContext } from '#server/features/draws/service.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { request, seedEntries, type SeededUser } from './seed.ts';
import type { TestApp } from './test-app.ts';

/** The draw's API as the dashboard and the public record page call it, for the draw tests. */

/** The public reason the tests give when they redraw every place. */
export const TEST_RESET_REASON = 'Redrawn by the owner';

type As = SeededUser | undefined;
const url = (contestId: string, rest = '') => `/api/contests/${contestId}${rest}`;

export const drawApi = (t: TestApp) => ({
  /** POST /draws; `payload` undefined sends no body. */
  drawPlaces: (as: As, contestId: string, payload?: unknown) =>
    request(t, as, {
      method: 'POST',
      url: url(contestId, '/draws'),
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  disqualify: (as: As, contestId: string, position: number | string, payload: unknown) =>
    request(t, as, {
      method: 'POST',
      url: url(contestId, `/draws/${position}/disqualify`),
      payload: payload as object,
    }),
  /**
   * Disqualifies whoever holds `position` now, naming their pick as the owner's screen does (a
   * `p` in `payload` wins). A place without a winner is named with p 0, which no pick has.
   */
  disqualifyCurrent: async (
    as: As,
    contestId: string,
    position: number | string,
    payload: object,
  ) =>
    request(t, as, {
      method: 'POST',
      url: url(contestId, `/draws/${position}/disqualify`),
      payload: { p: await currentPickAt(t, contestId, Number(position)), ...payload },
    }),
  drawWinner: (as: As, contestId: string, payload?: unknown) =>
    request(t, as, {
      method: 'POST',
      url: url(contestId, '/winner'),
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  /** DELETE /winner, redrawing every place; `payload` null sends no body, as older screens did. */
  reset: (as: As, contestId: string, payload: unknown = { reason: TEST_RESET_REASON }) =>
    request(t, as, {
      method: 'DELETE',
      url: url(contestId, '/winner'),
      ...(payload === null ? {} : { payload: payload as object }),
    }),
  record: (as: As, contestId: string) =>
    request(t, as, { method: 'GET', url: url(contestId, '/draw-record') }),
  wheel: (as: As, contestId: string) =>
    request(t, as, { method: 'GET', url: url(contestId, '/wheel') }),
  history: (as: As, contestId: string) =>
    request(t, as, { method: 'GET', url: url(contestId, '/draws') }),
  enter: (contestId: string, name: string, email = `${randomUUID()}@example.com`) =>
    request(t, undefined, {
      method: 'POST',
      url: url(contestId, '/entries'),
      payload: { name, email },
    }),
});

/** The answer's body, checked to be a success, as the type given. */
export function expectOk<T = unknown>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message: string; code: string; errors?: object };
  expect(typeof body.message).toBe('string');
  expect(body.code, response.body).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** The seeded user as the services see a signed-in caller. */
export const asSessionUser = (
  user: SeededUser,
  role: SessionUser['role'] = 'user',
): SessionUser => ({
  id: user.id,
  email: user.email,
  firstName: 'Sam',
  lastName: 'Seed',
  role,
});

export const drawContext = (t: TestApp): DrawContext => t.app.appContext;

/** Entries straight in the database, answered in the wheel's order (entry date, then id). */
export async function addEntries(
  t: TestApp,
  contest: Pick<Contest, 'id'>,
  names: string[],
): Promise<ContestEntry[]> {
  await seedEntries(
    t.database,
    contest.id,
    names.map((name) => ({ name, email: `${randomUUID()}@example.com` })),
  );
  return entriesOf(t, contest.id);
}

/** `count` entries "Fan 0 Lastname" … with one multi-row insert. */
export const fans = (count: number, prefix = 'Fan') =>
  Array.from({ length: count }, (_, i) => `${prefix}${i} Example`);

export function entriesOf(t: TestApp, contestId: string): Promise<ContestEntry[]> {
  return t.database.db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
}

/** The private history, oldest first. */
export function historyOf(t: TestApp, contestId: string) {
  return t.database.db
    .select()
    .from(contestDraws)
    .where(eq(contestDraws.contestId, contestId))
    .orderBy(asc(contestDraws.createdAt), asc(contestDraws.id));
}

export function picksOf(t: TestApp, contestId: string) {
  return t.database.db
    .select()
    .from(contestPicks)
    .where(eq(contestPicks.contestId, contestId))
    .orderBy(asc(contestPicks.p));
}

/** The `p` of the pick that holds `position` now, as the dashboard shows it; 0 when it is empty. */
export async function currentPickAt(
  t: TestApp,
  contestId: string,
  position: number,
): Promise<number> {
  // A malformed id has no picks, and the database would refuse it as a uuid.
  if (!isUuid(contestId)) return 0;
  const picks = await picksOf(t, contestId);
  return picks.find((pick) => pick.position === position && pick.status === 'winner')?.p ?? 0;
}

export async function contestRow(t: TestApp, contestId: string): Promise<Contest> {
  const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contestId));
  return row!;
}

/** The current winners of a record by position: `[position, entryId]`, lowest first. */
export const winnersOf = (record: DrawRecord) =>
  record.picks
    .filter((pick) => pick.status === 'winner')
    .sort((a, b) => a.position - b.position)
    .map((pick) => [pick.position, pick.entryId] as const);
