import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawApi,
  entriesOf,
  expectOk,
  fans,
  addEntries,
  historyOf,
  winnersOf,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import { seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, testDatabaseKind, type TestApp } from '#server/testing/test-app.ts';
import { drawMessages, type DrawRecord } from '#shared/contracts/draws.ts';

/**
 * Racing calls (the issue: "two draw calls at once never give two different winners for one
 * position"). On PostgreSQL the requests really run at once on a pool of connections; on PGlite
 * they interleave on its one connection.
 */

const RACERS = 20;

describe(`racing draw calls (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let owner: SeededUser;
  let admin: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    admin = await seedUser(t, 'admin');
    api = drawApi(t);
  });
  afterAll(() => t.close());

  async function contestWith(winnersCount: number, entries: number) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    await addEntries(t, contest, fans(entries));
    return contest;
  }

  /** Whatever the race did, the record must replay, one winner per place, p's contiguous. */
  async function expectConsistent(contestId: string): Promise<DrawRecord> {
    const record = expectOk<DrawRecord>(await api.record(undefined, contestId));
    expect(recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, contestId))).toEqual(
      [],
    );
    expect(record.picks.map((pick) => pick.p)).toEqual(record.picks.map((_, i) => i + 1));
    const positions = winnersOf(record).map(([position]) => position);
    expect(new Set(positions).size).toBe(positions.length);
    expect(new Set(record.picks.map((pick) => pick.entryId)).size).toBe(record.picks.length);
    return record;
  }

  it(`${RACERS} racing POST /draws {count: 1} on 3 places: 3 winners, the rest ALL_PLACES_FILLED`, async () => {
    const contest = await contestWith(3, 12);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api.drawPlaces(i % 2 ? owner : admin, contest.id, { count: 1 }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(succeeded).toHaveLength(3);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        code: 'ALL_PLACES_FILLED',
        message: drawMessages.allPlacesFilled,
      });
    }
    const record = await expectConsistent(contest.id);
    expect(record.picks.map((pick) => [pick.p, pick.position, pick.status])).toEqual([
      [1, 1, 'winner'],
      [2, 2, 'winner'],
      [3, 3, 'winner'],
    ]);
    // Each success answered the record as it was read after its draw: a prefix of the final one
    // (it may already hold picks of draws that committed just after it).
    for (const response of succeeded) {
      const partial = response.json() as DrawRecord;
      expect(partial.picks.length).toBeGreaterThanOrEqual(1);
      expect(partial.picks).toEqual(record.picks.slice(0, partial.picks.length));
      expect(partial.entries).toEqual(record.entries);
    }
    expect((await historyOf(t, contest.id)).map((r) => r.action)).toEqual([
      'random',
      'random',
      'random',
    ]);
  });

  it(`${RACERS} racing POST /draws without a count: one fills every place, the rest 409`, async () => {
    const contest = await contestWith(5, 30);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => api.drawPlaces(owner, contest.id)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(RACERS - 1);
    const record = await expectConsistent(contest.id);
    expect(winnersOf(record).map(([position]) => position)).toEqual([1, 2, 3, 4, 5]);
    expect(record.picks).toHaveLength(5);
  });

  it(`${RACERS} racing POST /winner: exactly one 200, one winner at position 1`, async () => {
    const contest = await contestWith(2, 10);
    const entries = await entriesOf(t, contest.id);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api.drawWinner(
          owner,
          contest.id,
          i % 4 === 0 ? { winnerId: entries[i % 10]!.id } : undefined,
        ),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('ALREADY_DRAWN');
    }
    const record = await expectConsistent(contest.id);
    expect(record.picks).toHaveLength(1);
    expect(winnersOf(record)).toEqual([[1, succeeded[0]!.json().winner.id]]);
  });

  it('racing disqualifications naming one winner: one replaces them, the rest PICK_CHANGED', async () => {
    const contest = await contestWith(3, 40);
    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    const second = drawn.picks.find((pick) => pick.position === 2)!;
    // Every racer is a click on the same screen: each names the winner it shows.
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        api.disqualify(owner, contest.id, 2, { p: second.p, reason: `racer ${i}` }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('PICK_CHANGED');
    }
    const record = await expectConsistent(contest.id);
    // One disqualification and one replacement, at place 2, and the replacement stays.
    expect(record.picks).toHaveLength(4);
    expect(record.picks.find((pick) => pick.p === second.p)!.status).toBe('disqualified');
    expect(record.picks[3]).toMatchObject({ position: 2, status: 'winner' });
    expect(winnersOf(record).filter(([position]) => position !== 2)).toEqual(
      winnersOf(drawn).filter(([position]) => position !== 2),
    );
  });

  it('racing disqualifications of different places: every place replaced once', async () => {
    const contest = await contestWith(5, 40);
    expectOk(await api.drawPlaces(owner, contest.id));
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((position) =>
        api.disqualifyCurrent(owner, contest.id, position, { reason: `place ${position}` }),
      ),
    );
    for (const response of responses) expectOk(response);
    const record = await expectConsistent(contest.id);
    expect(record.picks).toHaveLength(10);
    expect(winnersOf(record).map(([position]) => position)).toEqual([1, 2, 3, 4, 5]);
    for (const pick of record.picks.slice(0, 5)) {
      expect(pick).toMatchObject({ status: 'disqualified', reason: `place ${pick.position}` });
    }
  });

  it('racing draws, disqualifications and resets: never two winners for one place', async () => {
    const contest = await contestWith(3, 60);
    const calls = Array.from({ length: RACERS }, (_, i) => {
      switch (i % 4) {
        case 0:
          return api.drawPlaces(owner, contest.id, { count: 1 });
        case 1:
          return api.disqualifyCurrent(owner, contest.id, 1 + (i % 3), { reason: `racer ${i}` });
        case 2:
          return api.reset(owner, contest.id);
        default:
          return api.drawPlaces(admin, contest.id);
      }
    });
    const responses = await Promise.all(calls);
    for (const response of responses) {
      expect([200, 409], response.body).toContain(response.statusCode);
    }
    await expectConsistent(contest.id);
  });

  it('racing entries and the first draw: every accepted entry is in the frozen list', async () => {
    const contest = await seedContest(t.database, owner, { winnersCount: 2 });
    // A few entries first, so the draw has something to draw whenever it runs.
    for (let i = 0; i < 3; i += 1)
      expect((await api.enter(contest.id, `Early ${i}`)).statusCode).toBe(201);
    const entering = Array.from({ length: 30 }, (_, i) =>
      api.enter(contest.id, `Racer ${i} Entrant`),
    );
    const drawing = api.drawPlaces(owner, contest.id);
    const [drawn, ...entered] = await Promise.all([drawing, ...entering]);
    const record = expectOk<DrawRecord>(drawn!);
    const accepted = entered.filter((response) => response.statusCode === 201);
    // A refused racer either met the frozen contest after its picks (ended) or in the moment
    // between the freeze and the first pick (starting: its retry then meets the ended contest).
    for (const response of entered.filter((r) => r.statusCode !== 201)) {
      expect([409, 503], response.body).toContain(response.statusCode);
      expect(response.json()).toMatchObject(
        response.statusCode === 409
          ? { code: 'CONTEST_ENDED', message: 'This contest has ended.' }
          : { code: 'DRAW_STARTING' },
      );
    }
    expect(record.entries!.count).toBe(3 + accepted.length);
    const ids = await entryIdsInWheelOrder(t.database, contest.id);
    expect(ids).toHaveLength(record.entries!.count);
    for (const response of accepted) expect(ids).toContain(response.json().id);
    expect(recomputeDrawRecord(record, ids)).toEqual([]);
    // And none after it.
    expect((await api.enter(contest.id, 'After Math')).statusCode).toBe(409);
  });
});
