import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, type ContestEntry } from '#server/db/schema.ts';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { mailsTo } from '#server/testing/auth-helpers.ts';
import {
  addEntries,
  contestRow,
  drawApi,
  expectError,
  expectOk,
  fans,
  historyOf,
} from '#server/testing/draw-api.ts';
import { asEntrant, signInAsEntrant } from '#server/testing/entrant-page.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import {
  ENTRY_WITHDRAWN_REASON,
  WITHDRAWN_ENTRANT_NAME,
  type MyEntries,
} from '#shared/contracts/me.ts';
import { drawNextPicks } from '#shared/draw-protocol.ts';

/**
 * Withdrawing after the first draw froze the entries (docs/product.md#your-entries-me): the
 * entry's id and leaf stay, so the public record still verifies, but its name and address are
 * erased, it leaves the owner's list, export and counts, a place it holds goes to the next pick
 * with the public reason `entry withdrawn`, and a later pick that lands on it is passed over.
 */

type Verifier = { verifyRecord(record: unknown): { ok: boolean; text: string }[] };
const root = path.resolve(import.meta.dirname, '../../../..');

describe('/me: withdrawing after the freeze', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  let verifier: Verifier;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    api = drawApi(t);
    verifier = (await import(
      pathToFileURL(path.join(root, 'scripts/verify-draw.mjs')).href
    )) as Verifier;
  });
  afterAll(() => t.close());

  async function drawnContest(winnersCount = 1, count?: number) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    const entries = await addEntries(t, contest, fans(6));
    expectOk(await api.drawPlaces(owner, contest.id, count === undefined ? {} : { count }));
    return { contest, entries };
  }

  const recordOf = async (contestId: string) =>
    expectOk<DrawRecord>(await api.record(undefined, contestId));

  /** The public record as anyone reads it: every check of scripts/verify-draw.mjs holds. */
  async function expectVerified(contestId: string) {
    const record = await recordOf(contestId);
    const checks = verifier.verifyRecord(JSON.parse(JSON.stringify(record)));
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(JSON.stringify(record)).not.toContain('@');
    return record;
  }

  async function withdraw(entry: ContestEntry) {
    const cookie = await signInAsEntrant(t, entry.email);
    const response = await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${entry.id}`);
    expect(response.statusCode, response.body).toBe(204);
    return cookie;
  }

  /** The entry the committed sequence picks next, replayed from the record as anyone can. */
  async function nextPickOf(record: DrawRecord, entries: ContestEntry[]) {
    const draw = {
      seedHex: record.seed!,
      contestId: record.contestId,
      root: record.entries!.root,
      beaconRandomness: record.beacon?.randomness ?? null,
      // addEntries answers them in the wheel's order, the frozen one.
      entryIds: entries.map((entry) => entry.id),
    };
    const picked = new Set(record.picks.map((pick) => pick.entryId));
    const [next] = await drawNextPicks(nodeDrawHashes, draw, picked, record.picks.length + 1, 1);
    return next!.entryId;
  }

  const rowOf = async (entryId: string) =>
    (await t.database.db.select().from(contestEntries).where(eq(contestEntries.id, entryId)))[0];

  it("keeps the row without name or address, out of the owner's list, export and counts", async () => {
    const { contest, entries } = await drawnContest();
    const winnerId = (await recordOf(contest.id)).picks[0]!.entryId;
    const leaving = entries.find((entry) => entry.id !== winnerId)!;
    const cookie = await withdraw(leaving);

    expect(await rowOf(leaving.id)).toMatchObject({
      name: WITHDRAWN_ENTRANT_NAME,
      email: `${leaving.id}@withdrawn.invalid`,
      status: 'confirmed',
    });
    const row = (await rowOf(leaving.id))!;
    expect(row.withdrawnAt).not.toBeNull();
    expect(row.consentWithdrawnAt).not.toBeNull();

    const list = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries`,
    });
    expect(expectOk<{ id: string }[]>(list).map((entry) => entry.id)).not.toContain(leaving.id);
    expect(list.headers['x-total-count']).toBe('5');
    const summary = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/summary`,
    });
    expect(expectOk<{ all: number; confirmed: number }>(summary)).toMatchObject({
      all: 5,
      confirmed: 5,
    });
    const csv = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/export`,
    });
    expect(csv.body).not.toContain(leaving.email);
    expect(csv.body).not.toContain(WITHDRAWN_ENTRANT_NAME);
    expect(csv.body.trim().split('\r\n')).toHaveLength(6);
    expect((await contestRow(t, contest.id)).entryCount).toBe(5);

    const record = await expectVerified(contest.id);
    expect(record.entries?.count).toBe(6);
    expect(expectOk<MyEntries>(await asEntrant(t, cookie, 'GET', '/api/me')).entries).toEqual([]);
    const again = await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${leaving.id}`);
    expectError(again, 404, 'NOT_FOUND');
  });

  it('a winner who withdraws loses the place, with the public reason, to the next pick', async () => {
    const { contest, entries } = await drawnContest();
    const winnerId = (await recordOf(contest.id)).picks[0]!.entryId;
    const leaving = entries.find((entry) => entry.id === winnerId)!;
    const cookie = await signInAsEntrant(t, leaving.email);
    const mine = expectOk<MyEntries>(await asEntrant(t, cookie, 'GET', '/api/me'));
    expect(mine.entries[0]).toMatchObject({ withdrawal: 'erase', wonPlace: 1 });
    const removal = await asEntrant(t, cookie, 'DELETE', `/api/me/entries/${leaving.id}`);
    expect(removal.statusCode, removal.body).toBe(204);

    const record = await expectVerified(contest.id);
    expect(record.picks).toHaveLength(2);
    expect(record.picks[0]).toMatchObject({
      entryId: leaving.id,
      status: 'disqualified',
      reason: ENTRY_WITHDRAWN_REASON,
      displayName: WITHDRAWN_ENTRANT_NAME,
    });
    expect(record.picks[1]).toMatchObject({ position: 1, status: 'winner' });
    const replacement = entries.find((entry) => entry.id === record.picks[1]!.entryId)!;
    expect((await contestRow(t, contest.id)).winnerId).toBe(replacement.id);
    const notices = await mailsTo(t, replacement.email);
    expect(notices.map((mail) => mail.purpose)).toContain('winner-notice');

    const history = (await historyOf(t, contest.id)).filter((row) => row.entryId === leaving.id);
    expect(history.map((row) => row.action)).toEqual(['random', 'disqualify']);
    expect(history.every((row) => row.entrantName === WITHDRAWN_ENTRANT_NAME)).toBe(true);
    expect(history.every((row) => row.entrantEmail === null)).toBe(true);
  });

  it('a replacement that lands on a withdrawn entry is disqualified at once, and the next pick taken', async () => {
    const { contest, entries } = await drawnContest();
    const next = await nextPickOf(await recordOf(contest.id), entries);
    await withdraw(entries.find((entry) => entry.id === next)!);
    const disqualified = await api.disqualifyCurrent(owner, contest.id, 1, {
      reason: 'Not eligible',
    });
    expect(disqualified.statusCode, disqualified.body).toBe(200);

    const record = await expectVerified(contest.id);
    expect(record.picks.map((pick) => [pick.p, pick.status, pick.reason])).toEqual([
      [1, 'disqualified', 'Not eligible'],
      [2, 'disqualified', ENTRY_WITHDRAWN_REASON],
      [3, 'winner', null],
    ]);
    expect(record.picks[1]).toMatchObject({ entryId: next, displayName: WITHDRAWN_ENTRANT_NAME });
    expect(await mailsTo(t, `${next}@withdrawn.invalid`)).toEqual([]);
  });

  it('a later draw of an empty place that lands on a withdrawn entry passes over it', async () => {
    const { contest, entries } = await drawnContest(2, 1);
    const next = await nextPickOf(await recordOf(contest.id), entries);
    await withdraw(entries.find((entry) => entry.id === next)!);
    expectOk(await api.drawPlaces(owner, contest.id, {}));

    const record = await expectVerified(contest.id);
    expect(record.picks.map((pick) => [pick.position, pick.status, pick.reason])).toEqual([
      [1, 'winner', null],
      [2, 'disqualified', ENTRY_WITHDRAWN_REASON],
      [2, 'winner', null],
    ]);
  });

  it("refuses the owner's pick by hand of a withdrawn entry", async () => {
    const { contest, entries } = await drawnContest();
    const winnerId = (await recordOf(contest.id)).picks[0]!.entryId;
    const leaving = entries.find((entry) => entry.id !== winnerId)!;
    await withdraw(leaving);
    expectOk(await api.reset(owner, contest.id));
    const manual = await api.drawWinner(owner, contest.id, { winnerId: leaving.id });
    expectError(manual, 400, 'NOT_AN_ENTRY');
  });
});
