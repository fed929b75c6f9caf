import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAudit,
  contestDraws,
  contestEntries,
  contestPicks,
  contests,
  type Contest,
  type ContestEntry,
} from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { currentPickAt, TEST_RESET_REASON } from '#server/testing/draw-api.ts';
import {
  request,
  seedContest,
  seedEntries,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { AdminDrawListItem } from '#shared/contracts/admin.ts';
import { drawMessages, WHEEL_LABEL_LIMIT, type DrawHistoryItem } from '#shared/contracts/draws.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { drawWinner, resetWinners } from './service.ts';

/** The owner's draw API, as the dashboard calls it. */
const draw = (t: TestApp, as: SeededUser | undefined, contestId: string, payload?: object) =>
  request(t, as, {
    method: 'POST',
    url: `/api/contests/${contestId}/winner`,
    ...(payload === undefined ? {} : { payload }),
  });
const reset = (t: TestApp, as: SeededUser | undefined, contestId: string) =>
  request(t, as, {
    method: 'DELETE',
    url: `/api/contests/${contestId}/winner`,
    payload: { reason: TEST_RESET_REASON },
  });
const wheel = (t: TestApp, as: SeededUser | undefined, contestId: string) =>
  request(t, as, { method: 'GET', url: `/api/contests/${contestId}/wheel` });
const history = (t: TestApp, as: SeededUser | undefined, contestId: string) =>
  request(t, as, { method: 'GET', url: `/api/contests/${contestId}/draws` });
const drawPlaces = (t: TestApp, as: SeededUser | undefined, contestId: string) =>
  request(t, as, { method: 'POST', url: `/api/contests/${contestId}/draws`, payload: {} });
const disqualify = async (t: TestApp, as: SeededUser | undefined, contestId: string) =>
  request(t, as, {
    method: 'POST',
    url: `/api/contests/${contestId}/draws/1/disqualify`,
    payload: { p: await currentPickAt(t, contestId, 1), reason: 'not eligible' },
  });

/** Entries straight in the database, counted as the draw expects; answered in the wheel's order. */
async function addEntries(t: TestApp, contest: Contest, names: string[]): Promise<ContestEntry[]> {
  await seedEntries(
    t.database,
    contest.id,
    names.map((name) => ({ name, email: `${randomUUID()}@example.com` })),
  );
  return entriesOf(t, contest.id);
}

function entriesOf(t: TestApp, contestId: string): Promise<ContestEntry[]> {
  return t.database.db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
}

function drawsOf(t: TestApp, contestId: string) {
  return t.database.db
    .select()
    .from(contestDraws)
    .where(eq(contestDraws.contestId, contestId))
    .orderBy(asc(contestDraws.createdAt));
}

function picksOf(t: TestApp, contestId: string) {
  return t.database.db
    .select()
    .from(contestPicks)
    .where(eq(contestPicks.contestId, contestId))
    .orderBy(asc(contestPicks.p));
}

function expectOk(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { message: string; code: string };
  expect(typeof body.message).toBe('string');
  expect(body.code, response.body).toBe(code);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

describe('the draw', () => {
  let t: TestApp;
  let owner: SeededUser;
  let intruder: SeededUser;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    intruder = await seedUser(t);
    admin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  describe('a random draw', () => {
    it('answers the winner, its slice on the wheel, and records it on the contest', async () => {
      const contest = await seedContest(t.database, owner);
      const entries = await addEntries(t, contest, ['Ada', 'Grace', 'Linus', 'Ken', 'Barbara']);
      const body = expectOk(await draw(t, owner, contest.id));
      expect(body).toEqual({
        winner: expect.objectContaining({}),
        winnerSelectedAt: expect.any(String),
        method: 'random',
        entryCount: 5,
        index: expect.any(Number),
      });
      expect(Object.keys(body.winner).sort()).toEqual(['email', 'id', 'name']);
      const entry = entries[body.index]!;
      expect(body.winner).toEqual({ id: entry.id, name: entry.name, email: entry.email });
      expect(Number.isNaN(Date.parse(body.winnerSelectedAt))).toBe(false);

      const wheelData = expectOk(await wheel(t, owner, contest.id));
      expect(wheelData).toEqual({
        count: 5,
        labels: entries.map((e) => e.name),
        weights: null,
        winnerIndex: body.index,
        places: [
          {
            position: 1,
            p: 1,
            entryId: entry.id,
            name: entry.name,
            email: entry.email,
            method: 'random',
            slice: body.index,
          },
        ],
      });
      expect(wheelData.labels[body.index]).toBe(body.winner.name);

      const stored = expectOk(
        await request(t, owner, { method: 'GET', url: `/api/contests/${contest.id}` }),
      );
      expect(stored.winnerId).toBe(body.winner.id);
      expect(stored.winnerSelectedAt).toBe(body.winnerSelectedAt);
    });

    it('accepts an empty JSON object as a random draw too', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['Only One']);
      const body = expectOk(await draw(t, owner, contest.id, {}));
      expect(body).toMatchObject({ method: 'random', index: 0, winner: { name: 'Only One' } });
    });

    it('draws among entries that came in through the public entry form', async () => {
      const contest = await seedContest(t.database, owner);
      for (const name of ['Maya Chen', 'Leo Park', 'Ines Duarte']) {
        const entered = await request(t, undefined, {
          method: 'POST',
          url: `/api/contests/${contest.id}/entries`,
          payload: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
        });
        expect(entered.statusCode, entered.body).toBe(201);
      }
      const body = expectOk(await draw(t, owner, contest.id));
      expect(body.entryCount).toBe(3);
      const wheelData = expectOk(await wheel(t, owner, contest.id));
      expect(wheelData.count).toBe(3);
      expect(wheelData.labels[body.index]).toBe(body.winner.name);
      expect(wheelData.winnerIndex).toBe(body.index);
    });

    it('picks only entries of that contest, each once, until none is left', async () => {
      const sizes = [1, 2, 3, 7];
      const all = await Promise.all(sizes.map(() => seedContest(t.database, owner)));
      // The same e-mails in every contest: only the contest id tells the entries apart.
      const entriesByContest = new Map<string, ContestEntry[]>();
      for (const [position, contest] of all.entries()) {
        const names = Array.from({ length: sizes[position]! }, (_, i) => `C${position} #${i}`);
        await seedEntries(
          t.database,
          contest.id,
          names.map((name, i) => ({ name, email: `same-${i}@example.com` })),
        );
        entriesByContest.set(contest.id, await entriesOf(t, contest.id));
      }
      const empty = await seedContest(t.database, owner);
      const won = new Map<string, string[]>(all.map((contest) => [contest.id, []]));
      for (let round = 0; round < 8; round += 1) {
        for (const contest of all) {
          const entries = entriesByContest.get(contest.id)!;
          const response = await draw(t, owner, contest.id);
          // A picked entry leaves the list, disqualified or not: the list runs out.
          if (round >= entries.length) {
            expectError(response, 409, 'NO_ENTRIES_LEFT', drawMessages.noEntriesLeft);
            continue;
          }
          const body = expectOk(response);
          const ids = entries.map((entry) => entry.id);
          expect(ids).toContain(body.winner.id);
          // Its slice on the wheel, which leaves the winners disqualified so far out.
          const onWheel = ids.filter((id) => !won.get(contest.id)!.includes(id));
          expect(onWheel[body.index]).toBe(body.winner.id);
          expect(body.entryCount).toBe(entries.length);
          expect(won.get(contest.id)).not.toContain(body.winner.id);
          won.get(contest.id)!.push(body.winner.id);
          expectOk(await reset(t, owner, contest.id));
        }
        expectError(await draw(t, owner, empty.id), 409, 'NO_ENTRIES', drawMessages.noEntries);
      }
      for (const contest of all) {
        expect([...won.get(contest.id)!].sort()).toEqual(
          entriesByContest
            .get(contest.id)!
            .map((entry) => entry.id)
            .sort(),
        );
      }
    });

    it('refuses a second draw while a winner exists, and keeps the first', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['A', 'B', 'C']);
      const first = expectOk(await draw(t, owner, contest.id));
      expectError(
        await draw(t, owner, contest.id),
        409,
        'ALREADY_DRAWN',
        drawMessages.alreadyDrawn,
      );
      const other = (await entriesOf(t, contest.id)).find((e) => e.id !== first.winner.id)!;
      expectError(
        await draw(t, owner, contest.id, { winnerId: other.id }),
        409,
        'ALREADY_DRAWN',
        drawMessages.alreadyDrawn,
      );
      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(row!.winnerId).toBe(first.winner.id);
      expect(row!.winnerSelectedAt!.toISOString()).toBe(first.winnerSelectedAt);
      expect(await drawsOf(t, contest.id)).toHaveLength(1);
    });

    it('answers a clear 409 on a contest without entries, and records nothing', async () => {
      const contest = await seedContest(t.database, owner);
      expectError(await draw(t, owner, contest.id), 409, 'NO_ENTRIES', drawMessages.noEntries);
      expectError(await draw(t, owner, contest.id, {}), 409, 'NO_ENTRIES', drawMessages.noEntries);
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
      expect(expectOk(await wheel(t, owner, contest.id))).toEqual({
        count: 0,
        labels: [],
        weights: null,
        winnerIndex: null,
        places: [],
      });
      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(row!.winnerId).toBeNull();
    });
  });

  describe('a manual pick', () => {
    it('records the given entry as a manual pick, at its slice on the wheel', async () => {
      const contest = await seedContest(t.database, owner);
      const entries = await addEntries(t, contest, ['Ann', 'Bo', 'Cy', 'Di']);
      const chosen = entries[2]!;
      const body = expectOk(await draw(t, owner, contest.id, { winnerId: chosen.id }));
      expect(body).toMatchObject({
        winner: { id: chosen.id, name: chosen.name, email: chosen.email },
        method: 'manual',
        entryCount: 4,
        index: 2,
      });
      expect(expectOk(await wheel(t, owner, contest.id)).winnerIndex).toBe(2);
      const [record] = await drawsOf(t, contest.id);
      expect(record).toMatchObject({ action: 'manual', entryId: chosen.id, entryCount: 4 });
    });

    it("refuses another contest's entry with 400, and an unknown id too", async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['Mine']);
      const elsewhere = await seedContest(t.database, owner);
      const [foreign] = await addEntries(t, elsewhere, ['Not mine']);
      const unrelated = await seedContest(t.database, intruder);
      const [intruders] = await addEntries(t, unrelated, ['Someone else']);
      for (const winnerId of [foreign!.id, intruders!.id, '3b241101-e2bb-4255-8caf-4136c566a962']) {
        expectError(
          await draw(t, owner, contest.id, { winnerId }),
          400,
          'NOT_AN_ENTRY',
          drawMessages.notAnEntry,
        );
      }
      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(row!.winnerId).toBeNull();
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
      expect(await drawsOf(t, elsewhere.id)).toHaveLength(0);
    });
  });

  describe('a reset', () => {
    it('clears the winner with 200 {message}, and a second reset is a 409', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['X', 'Y']);
      expectOk(await draw(t, owner, contest.id));
      const body = expectOk(await reset(t, owner, contest.id));
      expect(body).toEqual({ message: expect.any(String) });
      const stored = expectOk(
        await request(t, owner, { method: 'GET', url: `/api/contests/${contest.id}` }),
      );
      expect(stored).toMatchObject({ winnerId: null, winnerSelectedAt: null });
      expect(expectOk(await wheel(t, owner, contest.id)).winnerIndex).toBeNull();
      expectError(await reset(t, owner, contest.id), 409, 'NO_WINNER', drawMessages.noWinner);
      // And the wheel is open again, for the entry not drawn yet.
      expect(expectOk(await draw(t, owner, contest.id)).method).toBe('random');
      expect(
        (await drawsOf(t, contest.id)).map((record) => [record.action, record.reason]),
      ).toEqual([
        ['random', null],
        ['disqualify', TEST_RESET_REASON],
        ['random', null],
      ]);
    });

    it('is a 409 on a contest that never had a winner', async () => {
      const contest = await seedContest(t.database, owner);
      expectError(await reset(t, owner, contest.id), 409, 'NO_WINNER', drawMessages.noWinner);
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
    });
  });

  describe('who may draw', () => {
    const calls = [
      { label: 'POST winner', send: draw, needsWinner: false },
      { label: 'DELETE winner', send: reset, needsWinner: true },
      { label: 'POST draws', send: drawPlaces, needsWinner: false },
      { label: 'POST disqualify', send: disqualify, needsWinner: true },
      { label: 'GET wheel', send: wheel, needsWinner: false },
      { label: 'GET draws', send: history, needsWinner: false },
    ] as const;

    it.each(calls)("answers 404 to another user's $label, and changes nothing", async (call) => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['P', 'Q']);
      if (call.needsWinner) expectOk(await draw(t, owner, contest.id));
      const before = await drawsOf(t, contest.id);
      const picksBefore = await picksOf(t, contest.id);
      expectError(await call.send(t, intruder, contest.id), 404, 'NOT_FOUND', 'Contest not found');
      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(row!.winnerId === null).toBe(!call.needsWinner);
      expect(row!.frozenAt === null).toBe(!call.needsWinner);
      expect(await drawsOf(t, contest.id)).toEqual(before);
      expect(await picksOf(t, contest.id)).toEqual(picksBefore);
    });

    it.each(calls)('answers 401 to an anonymous $label', async (call) => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['P', 'Q']);
      if (call.needsWinner) expectOk(await draw(t, owner, contest.id));
      expectError(await call.send(t, undefined, contest.id), 401, 'UNAUTHORIZED');
      expect(await drawsOf(t, contest.id)).toHaveLength(call.needsWinner ? 1 : 0);
    });

    it('answers 404 for unknown and malformed contest ids', async () => {
      for (const id of [
        '3b241101-e2bb-4255-8caf-4136c566a962',
        'nope',
        '%27%3B--',
        'x'.repeat(90),
      ]) {
        for (const call of calls) {
          expectError(await call.send(t, owner, id), 404, 'NOT_FOUND', 'Contest not found');
        }
      }
    });

    it("lets an admin draw, read, pick, disqualify and reset on anyone's contest, recorded as the admin", async () => {
      const contest = await seedContest(t.database, owner);
      const entries = await addEntries(t, contest, ['R', 'S', 'T', 'U']);
      const drawn = expectOk(await draw(t, admin, contest.id));
      expect(entries.map((e) => e.id)).toContain(drawn.winner.id);
      expect(expectOk(await wheel(t, admin, contest.id)).winnerIndex).toBe(drawn.index);
      expectOk(await reset(t, admin, contest.id));
      // By hand: an entry the draw did not pick (a picked one has left the list).
      const other = entries.find((e) => e.id !== drawn.winner.id)!;
      expectOk(await draw(t, admin, contest.id, { winnerId: other.id }));
      expectOk(await disqualify(t, admin, contest.id));
      expect(expectOk(await history(t, admin, contest.id))).toHaveLength(5);
      const records = await drawsOf(t, contest.id);
      expect(records.map((record) => [record.action, record.actorId])).toEqual([
        ['random', admin.id],
        ['disqualify', admin.id],
        ['manual', admin.id],
        ['disqualify', admin.id],
        ['random', admin.id],
      ]);
    });
  });

  describe('concurrent clicks', () => {
    it('two draws at once give exactly one winner: one 200 and one 409', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['U', 'V', 'W', 'Z']);
      const responses = await Promise.all([draw(t, owner, contest.id), draw(t, owner, contest.id)]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = responses.find((r) => r.statusCode === 200)!.json();
      expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
        message: drawMessages.alreadyDrawn,
        code: 'ALREADY_DRAWN',
      });
      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
      expect(row!.winnerId).toBe(winner.winner.id);
      expect(await drawsOf(t, contest.id)).toHaveLength(1);
    });

    it('twenty draws at once, mixed random and manual, still give exactly one winner', async () => {
      const contest = await seedContest(t.database, owner);
      const entries = await addEntries(t, contest, ['U', 'V', 'W']);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          draw(
            t,
            i % 2 ? owner : admin,
            contest.id,
            i % 3 ? undefined : { winnerId: entries[1]!.id },
          ),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
      expect(await drawsOf(t, contest.id)).toHaveLength(1);
    });

    it('two resets at once: one 200 and one 409, one reset recorded', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['U', 'V']);
      expectOk(await draw(t, owner, contest.id));
      const responses = await Promise.all([
        reset(t, owner, contest.id),
        reset(t, owner, contest.id),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const records = await drawsOf(t, contest.id);
      expect(records.map((record) => [record.action, record.reason])).toEqual([
        ['random', null],
        ['disqualify', TEST_RESET_REASON],
      ]);
    });
  });

  describe('the audit trail', () => {
    it('records every draw and reset, and GET draws answers them newest first', async () => {
      const contest = await seedContest(t.database, owner);
      const entries = await addEntries(t, contest, ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
      const started = Date.now();

      const first = expectOk(await draw(t, owner, contest.id));
      expectOk(await reset(t, owner, contest.id));
      // The first draw froze the entries: a late one is refused and counts nowhere.
      expectError(
        await request(t, undefined, {
          method: 'POST',
          url: `/api/contests/${contest.id}/entries`,
          payload: { name: 'Late Comer', email: 'late.comer@example.com' },
        }),
        409,
        'CONTEST_ENDED',
        'This contest has ended.',
      );
      const chosen = entries.find((entry) => entry.id !== first.winner.id)!;
      const picked = expectOk(await draw(t, admin, contest.id, { winnerId: chosen.id }));
      expectOk(await reset(t, admin, contest.id));
      const last = expectOk(await draw(t, owner, contest.id));
      // The one entry neither drawn nor picked.
      expect([first.winner.id, chosen.id]).not.toContain(last.winner.id);

      const records = await drawsOf(t, contest.id);
      expect(records.map((r) => [r.action, r.reason])).toEqual([
        ['random', null],
        ['disqualify', TEST_RESET_REASON],
        ['manual', null],
        ['disqualify', TEST_RESET_REASON],
        ['random', null],
      ]);
      expect(records.map((r) => r.entryCount)).toEqual([3, 3, 3, 3, 3]);
      expect(records.map((r) => r.actorId)).toEqual([
        owner.id,
        owner.id,
        admin.id,
        admin.id,
        owner.id,
      ]);
      expect(records.map((r) => r.entryId)).toEqual([
        first.winner.id,
        first.winner.id,
        chosen.id,
        chosen.id,
        last.winner.id,
      ]);
      const all = await entriesOf(t, contest.id);
      expect(all).toHaveLength(3);
      for (const record of records) {
        const entry = all.find((e) => e.id === record.entryId)!;
        expect(record.entrantName).toBe(entry.name);
        expect(record.entrantEmail).toBe(entry.email);
        expect(record.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000);
        expect(record.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      }
      expect(picked.method).toBe('manual');

      const listed = expectOk(await history(t, owner, contest.id)) as DrawHistoryItem[];
      expect(listed.map((item) => item.id)).toEqual(records.map((r) => r.id).reverse());
      expect(listed.map((item) => item.action)).toEqual([
        'random',
        'disqualify',
        'manual',
        'disqualify',
        'random',
      ]);
      expect(listed[2]).toEqual({
        id: records[2]!.id,
        action: 'manual',
        entrantName: chosen.name,
        entrantEmail: chosen.email,
        entryCount: 3,
        reason: null,
        actor: 'Sam',
        createdAt: records[2]!.createdAt.toISOString(),
      });
      expect(listed[1]).toMatchObject({ action: 'disqualify', reason: TEST_RESET_REASON });
      const times = listed.map((item) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('answers an empty history for a contest never drawn', async () => {
      const contest = await seedContest(t.database, owner);
      expect(expectOk(await history(t, owner, contest.id))).toEqual([]);
    });

    it('keeps the order of draws and resets made within the same millisecond', async () => {
      // Straight through the service, back to back: PGlite's clock ticks in milliseconds.
      const contest = await seedContest(t.database, owner);
      // Every round picks a new entry: 25 rounds need 25 entries.
      await addEntries(
        t,
        contest,
        Array.from({ length: 25 }, (_, i) => `Quick ${i}`),
      );
      const user: SessionUser = {
        id: owner.id,
        email: owner.email,
        firstName: 'Sam',
        lastName: 'Seed',
        role: 'user',
      };
      const expected: [string, string][] = [];
      for (let round = 0; round < 25; round += 1) {
        const result = await drawWinner(t.app.appContext, user, contest, undefined);
        await resetWinners({ db: t.database.db }, user, contest, TEST_RESET_REASON);
        expected.push(['random', result.winner.name], ['disqualify', result.winner.name]);
      }
      const listed = expectOk(await history(t, owner, contest.id)) as DrawHistoryItem[];
      expect(listed.map((item) => [item.action, item.entrantName])).toEqual(expected.reverse());
    });

    it("keeps each contest's history apart", async () => {
      const one = await seedContest(t.database, owner);
      const two = await seedContest(t.database, owner);
      await addEntries(t, one, ['One']);
      await addEntries(t, two, ['Two']);
      expectOk(await draw(t, owner, one.id));
      expectOk(await draw(t, owner, two.id));
      expectOk(await reset(t, owner, two.id));
      expect(expectOk(await history(t, owner, one.id))).toHaveLength(1);
      const listedTwo = expectOk(await history(t, owner, two.id)) as DrawHistoryItem[];
      expect(listedTwo.map((item) => [item.action, item.entrantName, item.reason])).toEqual([
        ['disqualify', 'Two', TEST_RESET_REASON],
        ['random', 'Two', null],
      ]);
    });
  });

  describe('the history outlives the contest', () => {
    const adminDraws = (as: SeededUser | undefined, search: string, paging = '') =>
      request(t, as, {
        method: 'GET',
        url: `/api/admin/draws?search=${encodeURIComponent(search)}${paging}`,
      });

    async function deleteAsOwner(contest: Contest) {
      const deleted = await request(t, owner, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}`,
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }

    /** Draw, dislike the winner, reset, draw again: the re-roll an owner might want to hide. */
    async function reroll(as: SeededUser, title: string) {
      const contest = await seedContest(t.database, owner, { title });
      await addEntries(t, contest, ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
      const first = expectOk(await draw(t, as, contest.id));
      expectOk(await reset(t, as, contest.id));
      const second = expectOk(await draw(t, as, contest.id));
      const records = await drawsOf(t, contest.id);
      expect(records).toHaveLength(3);
      return { contest, records, winners: [first.winner.name, second.winner.name] };
    }

    /** After the delete: every record still there, naming its contest, winner and actor. */
    async function expectRecordsKept(
      contest: Contest,
      before: (typeof contestDraws.$inferSelect)[],
    ) {
      expect(await entriesOf(t, contest.id)).toEqual([]);
      const after = await drawsOf(t, contest.id);
      expect(after).toEqual(
        before.map((record) => ({
          ...record,
          // The entry itself is deleted with the contest; its name and e-mail stay copied.
          entryId: null,
          contestTitle: contest.title,
          contestOwnerEmail: owner.email,
        })),
      );
    }

    it("an owner's delete keeps every draw and reset, and admins still list them", async () => {
      const title = `Rerolled ${randomUUID()}`;
      const { contest, records, winners } = await reroll(owner, title);
      await deleteAsOwner(contest);
      await expectRecordsKept(contest, records);

      const listed = await adminDraws(admin, title.toUpperCase());
      expect(listed.headers['x-total-count']).toBe('3');
      expect(expectOk(listed)).toEqual(
        [...records].reverse().map((record) => ({
          id: record.id,
          contestId: contest.id,
          contestTitle: title,
          contestOwnerEmail: owner.email,
          contestDeleted: true,
          action: record.action,
          entrantName: record.entrantName,
          entrantEmail: record.entrantEmail,
          entryCount: 3,
          reason: record.reason,
          actorEmail: owner.email,
          createdAt: record.createdAt.toISOString(),
        })),
      );
      expect(records.map((record) => record.entrantName)).toEqual([
        winners[0],
        winners[0],
        winners[1],
      ]);
      expect(records.map((record) => record.reason)).toEqual([null, TEST_RESET_REASON, null]);
    });

    it("an admin's delete through /api/admin/contests keeps them too, and the audit", async () => {
      const title = `Admin rerolled ${randomUUID()}`;
      const { contest, records } = await reroll(admin, title);
      const auditOf = () =>
        t.database.db.select().from(adminAudit).where(eq(adminAudit.targetContestId, contest.id));
      const auditBefore = await auditOf();
      const deleted = await request(t, admin, {
        method: 'DELETE',
        url: `/api/admin/contests/${contest.id}`,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await expectRecordsKept(contest, records);
      const auditAfter = await auditOf();
      expect(auditAfter).toEqual(expect.arrayContaining(auditBefore));
      expect(auditAfter.map((row) => row.action)).toContain('contest_deleted');

      const listed = expectOk(await adminDraws(admin, title)) as AdminDrawListItem[];
      expect(listed.map((item) => [item.action, item.actorEmail, item.contestDeleted])).toEqual([
        ['random', admin.email, true],
        ['disqualify', admin.email, true],
        ['random', admin.email, true],
      ]);
    });

    it('a contest deleted and made again under its title shows both histories', async () => {
      const title = `Same name ${randomUUID()}`;
      const { contest: original } = await reroll(owner, title);
      expectOk(
        await request(t, admin, { method: 'DELETE', url: `/api/admin/contests/${original.id}` }),
      );
      const again = await seedContest(t.database, owner, { title });
      await addEntries(t, again, ['Fresh Face']);
      expectOk(await draw(t, owner, again.id));

      // The owner sees only the new contest's one draw; the admin sees all four.
      expect(expectOk(await history(t, owner, again.id))).toHaveLength(1);
      const listed = expectOk(await adminDraws(admin, title)) as AdminDrawListItem[];
      expect(listed.map((item) => [item.contestId, item.contestDeleted, item.action])).toEqual([
        [again.id, false, 'random'],
        [original.id, true, 'random'],
        [original.id, true, 'disqualify'],
        [original.id, true, 'random'],
      ]);
    });

    it('lists a live contest under its current title, and finds it by its old one', async () => {
      const { contest } = await reroll(owner, `Before ${randomUUID()}`);
      const renamed = `After ${randomUUID()}`;
      await t.database.db
        .update(contests)
        .set({ title: renamed })
        .where(eq(contests.id, contest.id));
      for (const search of [renamed, contest.title]) {
        const listed = expectOk(await adminDraws(admin, search)) as AdminDrawListItem[];
        expect(listed.map((item) => [item.contestTitle, item.contestDeleted])).toEqual(
          Array.from({ length: 3 }, () => [renamed, false]),
        );
      }
    });

    it('pages newest first, with the number of all matches in x-total-count', async () => {
      const tag = randomUUID();
      const { records: one } = await reroll(owner, `Paged ${tag} one`);
      const { records: two } = await reroll(owner, `Paged ${tag} two`);
      const newestFirst = [...one, ...two].reverse().map((record) => record.id);
      const seen: string[] = [];
      for (const offset of [0, 4]) {
        const page = await adminDraws(admin, tag, `&limit=4&offset=${offset}`);
        expect(page.headers['x-total-count']).toBe('6');
        seen.push(...(expectOk(page) as AdminDrawListItem[]).map((item) => item.id));
      }
      expect(seen).toEqual(newestFirst);
      expectError(await adminDraws(admin, tag, '&limit=501'), 400, 'VALIDATION');
    });

    it('is an admin call: 401 anonymous, 403 for the owner and any other user', async () => {
      const title = `Private ${randomUUID()}`;
      const { contest } = await reroll(owner, title);
      await deleteAsOwner(contest);
      expectError(await adminDraws(undefined, title), 401, 'UNAUTHORIZED');
      expectError(await adminDraws(owner, title), 403, 'FORBIDDEN');
      expectError(await adminDraws(intruder, title), 403, 'FORBIDDEN');
    });
  });

  describe('the wheel', () => {
    it('lists names oldest entry first, whatever order they were inserted in', async () => {
      const contest = await seedContest(t.database, owner);
      const base = Date.now() - 60_000;
      const rows = [
        { name: 'Third', at: base + 3000 },
        { name: 'First', at: base + 1000 },
        { name: 'Fourth', at: base + 4000 },
        { name: 'Second', at: base + 2000 },
      ];
      await t.database.db.insert(contestEntries).values(
        rows.map((row, i) => ({
          contestId: contest.id,
          name: row.name,
          email: `order-${i}@example.com`,
          entryDate: new Date(row.at),
        })),
      );
      await t.database.db
        .update(contests)
        .set({ entryCount: rows.length })
        .where(eq(contests.id, contest.id));
      const entries = await entriesOf(t, contest.id);
      const body = expectOk(await wheel(t, owner, contest.id));
      expect(body).toEqual({
        count: 4,
        labels: ['First', 'Second', 'Third', 'Fourth'],
        weights: null,
        winnerIndex: null,
        places: [],
      });
      const fourth = entries.find((entry) => entry.name === 'Fourth')!;
      const picked = expectOk(await draw(t, owner, contest.id, { winnerId: fourth.id }));
      expect(picked.index).toBe(3);
      const after = expectOk(await wheel(t, owner, contest.id));
      expect(after.winnerIndex).toBe(3);
      expect(after.places).toEqual([
        {
          position: 1,
          p: 1,
          entryId: fourth.id,
          name: 'Fourth',
          email: fourth.email,
          method: 'manual',
          slice: 3,
        },
      ]);
    });

    it('finds the winner slice for entries stored with microsecond dates', async () => {
      // Rows written before entry dates were cut to the millisecond keep their microseconds.
      async function microContest() {
        const contest = await seedContest(t.database, owner);
        await t.database.db.execute(sql`
          insert into contest_entries (contest_id, name, email, entry_date)
          select ${contest.id}, 'Micro ' || n, 'micro-' || n || '@example.com',
                 timestamptz '2024-05-01 12:00:00.123' + n * interval '1 microsecond'
          from generate_series(1, 6) as n`);
        await t.database.db
          .update(contests)
          .set({ entryCount: 6 })
          .where(eq(contests.id, contest.id));
        return contest;
      }
      const byHand = await microContest();
      const entries = await entriesOf(t, byHand.id);
      expect(entries.map((entry) => entry.name)).toEqual([
        'Micro 1',
        'Micro 2',
        'Micro 3',
        'Micro 4',
        'Micro 5',
        'Micro 6',
      ]);
      // Each entry picked by hand in turn (a picked entry cannot be picked again); the wheel
      // leaves those disqualified before it out, so each is the first slice of what remains.
      for (const [index, entry] of entries.entries()) {
        const picked = expectOk(await draw(t, owner, byHand.id, { winnerId: entry.id }));
        expect(picked.index, entry.name).toBe(0);
        const wheelData = expectOk(await wheel(t, owner, byHand.id));
        expect(wheelData.labels).toEqual(entries.slice(index).map((rest) => rest.name));
        expect(wheelData.winnerIndex, entry.name).toBe(0);
        expect(wheelData.places[0].slice, entry.name).toBe(0);
        expectOk(await reset(t, owner, byHand.id));
      }
      const atRandom = await microContest();
      for (let round = 0; round < 6; round += 1) {
        const drawn = expectOk(await draw(t, owner, atRandom.id));
        const wheelData = expectOk(await wheel(t, owner, atRandom.id));
        expect(wheelData.labels[drawn.index]).toBe(drawn.winner.name);
        expect(wheelData.winnerIndex).toBe(drawn.index);
        expectOk(await reset(t, owner, atRandom.id));
      }
      expectError(await draw(t, owner, atRandom.id), 409, 'NO_ENTRIES_LEFT');
    });

    it(`stops labelling above ${WHEEL_LABEL_LIMIT} entries but still finds the winner`, async () => {
      const contest = await seedContest(t.database, owner);
      const names = Array.from({ length: WHEEL_LABEL_LIMIT + 1 }, (_, i) => `Fan ${i}`);
      const entries = await addEntries(t, contest, names);
      const drawn = expectOk(await draw(t, owner, contest.id));
      expect(drawn.entryCount).toBe(WHEEL_LABEL_LIMIT + 1);
      expect(entries[drawn.index]!.id).toBe(drawn.winner.id);
      expect(expectOk(await wheel(t, owner, contest.id))).toEqual({
        count: WHEEL_LABEL_LIMIT + 1,
        labels: null,
        weights: null,
        winnerIndex: drawn.index,
        places: [
          {
            position: 1,
            p: 1,
            entryId: drawn.winner.id,
            name: drawn.winner.name,
            email: drawn.winner.email,
            method: 'random',
            slice: drawn.index,
          },
        ],
      });

      const small = await seedContest(t.database, owner);
      await addEntries(t, small, names.slice(0, WHEEL_LABEL_LIMIT));
      const labelled = expectOk(await wheel(t, owner, small.id));
      expect(labelled.count).toBe(WHEEL_LABEL_LIMIT);
      expect(labelled.labels).toHaveLength(WHEEL_LABEL_LIMIT);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a winnerId that is not a uuid', { winnerId: 'nope' }],
      ['an empty winnerId', { winnerId: '' }],
      ['a numeric winnerId', { winnerId: 42 }],
      ['a null winnerId', { winnerId: null }],
      ['a winnerId array', { winnerId: ['3b241101-e2bb-4255-8caf-4136c566a962'] }],
      ['a winnerId object', { winnerId: { id: '3b241101-e2bb-4255-8caf-4136c566a962' } }],
      ['a body array', ['3b241101-e2bb-4255-8caf-4136c566a962']],
      ['an empty body array', []],
      ['a SQL-ish winnerId', { winnerId: "' or 1=1 --" }],
    ])('answers 400 {message} to %s, and draws nothing', async (_label, payload) => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['Safe']);
      expectError(await draw(t, owner, contest.id, payload as object), 400, 'VALIDATION');
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
    });

    it.each([
      ['a JSON string', '"hello"', 400, 'VALIDATION'],
      ['a JSON number', '42', 400, 'VALIDATION'],
      ['invalid JSON', '{"winnerId":', 400, 'BAD_REQUEST'],
      ['an empty JSON body', '', 400, 'BAD_REQUEST'],
    ] as const)('answers 4xx {message} to %s', async (_label, payload, status, code) => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['Safe']);
      const response = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/winner`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(response, status, code);
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
    });

    it('answers 413 {message} to a huge body, and 415 to a non-JSON one', async () => {
      const contest = await seedContest(t.database, owner);
      await addEntries(t, contest, ['Safe']);
      const huge = await draw(t, owner, contest.id, { winnerId: 'a'.repeat(300 * 1024) });
      expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
      const text = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/winner`,
        headers: { 'content-type': 'text/plain' },
        payload: 'winnerId=1',
      });
      expect(text.statusCode).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
      expect(typeof text.json().message).toBe('string');
      expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await drawsOf(t, contest.id)).toHaveLength(0);
    });

    it('ignores unknown fields next to a valid winnerId', async () => {
      const contest = await seedContest(t.database, owner);
      const [entry] = await addEntries(t, contest, ['Chosen']);
      const body = expectOk(
        await draw(t, owner, contest.id, {
          winnerId: entry!.id,
          method: 'random',
          index: 99,
          entryCount: 1000,
        }),
      );
      expect(body).toMatchObject({ method: 'manual', index: 0, entryCount: 1 });
    });
  });
});
