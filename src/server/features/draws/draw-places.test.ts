import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contest } from '#server/db/schema.ts';
import {
  addEntries,
  contestRow,
  drawApi,
  entriesOf,
  expectError,
  expectOk,
  fans,
  historyOf,
  picksOf,
  TEST_RESET_REASON,
  winnersOf,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import {
  drawMessages,
  type DrawHistoryItem,
  type DrawRecord,
  type DrawResult,
  type WheelData,
} from '#shared/contracts/draws.ts';

/**
 * Places (docs/draw-protocol.md#4-draw): POST /draws fills the empty places lowest first from the
 * committed sequence, a disqualification gives its place to the next pick, and the winner calls
 * of docs/product.md#the-draw keep working on top of them. The first draw freezes the entries.
 */

describe('drawing places', () => {
  let t: TestApp;
  let owner: SeededUser;
  let intruder: SeededUser;
  let admin: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    intruder = await seedUser(t);
    admin = await seedUser(t, 'admin');
    api = drawApi(t);
  });
  afterAll(() => t.close());

  /** A published contest with `winnersCount` places and `entries` entries. */
  async function contestWith(winnersCount: number, entries: number | string[]) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    const names = typeof entries === 'number' ? fans(entries) : entries;
    const rows = names.length > 0 ? await addEntries(t, contest, names) : [];
    return { contest, entries: rows };
  }

  /** The record answered, checked against an independent replay of the protocol. */
  async function expectVerifiable(record: DrawRecord) {
    expect(
      recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, record.contestId)),
    ).toEqual([]);
    return record;
  }

  const publicView = async (contest: Contest) =>
    expectOk<PublicContest>(
      await request(t, undefined, { method: 'GET', url: `/api/contests/${contest.id}` }),
    );

  describe('POST /draws', () => {
    it('fills every empty place by default, freezes the entries and reveals the seed', async () => {
      const { contest, entries } = await contestWith(3, 10);
      const before = Date.now();
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)),
      );
      expect(record).toMatchObject({
        version: 'prizewheel-draw-v1',
        contestId: contest.id,
        winnersCount: 3,
        seedHash: contest.seedHash,
        seed: contest.drawSeed,
        beacon: null,
        predatesVerifiableDraws: false,
      });
      expect(record.entries!.count).toBe(10);
      expect(record.entries!.leaves).toHaveLength(10);
      expect(Date.parse(record.frozenAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(record.picks.map((pick) => [pick.p, pick.position, pick.method, pick.status])).toEqual(
        [
          [1, 1, 'random', 'winner'],
          [2, 2, 'random', 'winner'],
          [3, 3, 'random', 'winner'],
        ],
      );
      const ids = entries.map((entry) => entry.id);
      expect(new Set(record.picks.map((pick) => pick.entryId)).size).toBe(3);
      for (const pick of record.picks) {
        expect(ids).toContain(pick.entryId);
        expect(pick).toMatchObject({ reason: null, disqualifiedAt: null, attempts: 1 });
        const entry = entries.find((e) => e.id === pick.entryId)!;
        expect(pick.displayName).toBe(`${entry.name.split(' ')[0]} E.`);
      }

      // The contest follows: frozen, position 1 as the contest's winner (docs/product.md#the-draw), the public names.
      const row = await contestRow(t, contest.id);
      expect(row).toMatchObject({ frozenEntryCount: 10, entriesRoot: record.entries!.root });
      expect(row.winnerId).toBe(record.picks[0]!.entryId);
      const shown = await publicView(contest);
      expect(shown.frozenAt).toBe(record.frozenAt);
      expect(shown.winners).toEqual(
        record.picks.map((pick) => ({ position: pick.position, displayName: pick.displayName })),
      );
      expect(JSON.stringify(shown)).not.toContain('@');
      // The record read later is the one answered.
      expect(expectOk(await api.record(undefined, contest.id))).toEqual(record);
    });

    it('fills the empty places lowest first, count by count, and never beyond them', async () => {
      const { contest } = await contestWith(3, 8);
      const first = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expect(first.picks.map((pick) => [pick.p, pick.position])).toEqual([[1, 1]]);
      const second = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expect(second.picks.map((pick) => [pick.p, pick.position])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      // The frozen list does not change between draws.
      expect(second.entries).toEqual(first.entries);
      expect(second.frozenAt).toBe(first.frozenAt);
      // More than the empty places: only the empty ones.
      const third = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 5 })),
      );
      expect(third.picks.map((pick) => [pick.p, pick.position])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      expectError(
        await api.drawPlaces(owner, contest.id),
        409,
        'ALL_PLACES_FILLED',
        drawMessages.allPlacesFilled,
      );
      expectError(await api.drawPlaces(owner, contest.id, { count: 1 }), 409, 'ALL_PLACES_FILLED');
      expect(await picksOf(t, contest.id)).toHaveLength(3);
      expect((await historyOf(t, contest.id)).map((r) => r.action)).toEqual([
        'random',
        'random',
        'random',
      ]);
    });

    it('draws the same winners in one call as in several: one sequence', async () => {
      // Same seed and same entries in two contests would still differ (the contest id is in every
      // HMAC); what must hold is that count 1 + count 2 gives the picks that count 3 gives.
      const { contest } = await contestWith(3, 12);
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      const split = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 2 }));
      await expectVerifiable(split);
      expect(split.picks.map((pick) => pick.attempts)).toEqual([1, 1, 1]);
    });

    it('accepts an empty object and a JSON null as "every empty place"', async () => {
      for (const payload of [{}, null]) {
        const { contest } = await contestWith(2, 4);
        const response =
          payload === null
            ? await request(t, owner, {
                method: 'POST',
                url: `/api/contests/${contest.id}/draws`,
                headers: { 'content-type': 'application/json' },
                payload: 'null',
              })
            : await api.drawPlaces(owner, contest.id, payload);
        expect(expectOk<DrawRecord>(response).picks).toHaveLength(2);
      }
    });

    it('draws what is left when there are fewer entries than places, then NO_ENTRIES_LEFT', async () => {
      const { contest, entries } = await contestWith(3, 2);
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)),
      );
      expect(record.picks.map((pick) => pick.position)).toEqual([1, 2]);
      expect(record.picks.map((pick) => pick.entryId).sort()).toEqual(
        entries.map((e) => e.id).sort(),
      );
      expectError(
        await api.drawPlaces(owner, contest.id),
        409,
        'NO_ENTRIES_LEFT',
        drawMessages.noEntriesLeft,
      );
      expect(await picksOf(t, contest.id)).toHaveLength(2);
    });

    it('answers 409 NO_ENTRIES on a contest without entries, and freezes nothing', async () => {
      const { contest } = await contestWith(2, 0);
      expectError(
        await api.drawPlaces(owner, contest.id),
        409,
        'NO_ENTRIES',
        drawMessages.noEntries,
      );
      expectError(await api.drawPlaces(owner, contest.id, { count: 1 }), 409, 'NO_ENTRIES');
      const row = await contestRow(t, contest.id);
      expect(row).toMatchObject({ frozenAt: null, entriesRoot: null, winnerId: null });
      expect(await historyOf(t, contest.id)).toEqual([]);
      // Entries are still welcome, and then the draw works.
      expect((await api.enter(contest.id, 'Late Larry')).statusCode).toBe(201);
      expect(expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)).picks).toHaveLength(1);
    });

    it('answers 409 NOT_PUBLISHED on a draft, even one holding entries', async () => {
      const draft = await seedContest(t.database, owner, { publishedAt: null, isActive: false });
      expect(draft.seedHash).toBeNull();
      expectError(
        await api.drawPlaces(owner, draft.id),
        409,
        'NOT_PUBLISHED',
        drawMessages.notPublished,
      );
      await addEntries(t, draft, ['Early Bird']);
      expectError(await api.drawPlaces(owner, draft.id), 409, 'NOT_PUBLISHED');
      expectError(await api.drawPlaces(admin, draft.id, { count: 1 }), 409, 'NOT_PUBLISHED');
      expectError(await api.drawWinner(owner, draft.id), 409, 'NOT_PUBLISHED');
      expect(await contestRow(t, draft.id)).toMatchObject({ frozenAt: null, winnerId: null });
      expect(await picksOf(t, draft.id)).toEqual([]);
    });

    it('draws on a paused contest: publishing committed it', async () => {
      const { contest } = await contestWith(1, 3);
      expectOk(
        await request(t, owner, {
          method: 'PATCH',
          url: `/api/contests/${contest.id}/status`,
          payload: { isActive: false },
        }),
      );
      await expectVerifiable(expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)));
    });

    it('is the owner’s or an admin’s: 404 for another user, 401 anonymous, nothing drawn', async () => {
      const { contest } = await contestWith(2, 3);
      expectError(
        await api.drawPlaces(intruder, contest.id),
        404,
        'NOT_FOUND',
        'Contest not found',
      );
      expectError(await api.drawPlaces(undefined, contest.id), 401, 'UNAUTHORIZED');
      expect(await contestRow(t, contest.id)).toMatchObject({ frozenAt: null });
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(admin, contest.id, { count: 1 })),
      );
      expect(record.picks).toHaveLength(1);
      expect((await historyOf(t, contest.id)).map((r) => r.actorId)).toEqual([admin.id]);
      expect((await picksOf(t, contest.id)).map((pick) => pick.actorId)).toEqual([admin.id]);
      for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', 'nope', 'x'.repeat(90)]) {
        expectError(await api.drawPlaces(owner, id), 404, 'NOT_FOUND');
      }
    });

    it.each([
      ['0', 0],
      ['101', 101],
      ['-1', -1],
      ['"x"', 'x'],
      ['"3"', '3'],
      ['1.5', 1.5],
      ['null', null],
      ['true', true],
      ['an array', [1]],
    ])('answers 400 VALIDATION to the count %s, and draws nothing', async (_, count) => {
      const { contest } = await contestWith(2, 3);
      const refused = expectError(
        await api.drawPlaces(owner, contest.id, { count }),
        400,
        'VALIDATION',
      );
      expect(refused.errors).toHaveProperty('count');
      expect(await contestRow(t, contest.id)).toMatchObject({ frozenAt: null });
    });

    it('takes 100 as a count', async () => {
      const { contest } = await contestWith(100, 150);
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 100 })),
      );
      expect(record.picks.map((pick) => pick.position)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
    });
  });

  describe('the freeze', () => {
    it('closes the contest to entries for good: 409 CONTEST_ENDED "This contest has ended."', async () => {
      const { contest } = await contestWith(2, 0);
      for (const name of ['Maya Chen', 'Leo Park']) {
        expect((await api.enter(contest.id, name)).statusCode).toBe(201);
      }
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expect(record.entries!.count).toBe(2);
      expectError(
        await api.enter(contest.id, 'Too Late'),
        409,
        'CONTEST_ENDED',
        'This contest has ended.',
      );
      // Still so after a reset, with the places empty again.
      expectOk(await api.reset(owner, contest.id));
      expectError(
        await api.enter(contest.id, 'Still Late'),
        409,
        'CONTEST_ENDED',
        'This contest has ended.',
      );
      // Pausing and resuming cannot reopen it: both are refused once drawn.
      for (const isActive of [false, true]) {
        expectError(
          await request(t, owner, {
            method: 'PATCH',
            url: `/api/contests/${contest.id}/status`,
            payload: { isActive },
          }),
          409,
          'CONTEST_DRAWN',
        );
      }
      expectError(await api.enter(contest.id, 'Never'), 409, 'CONTEST_ENDED');
      expect(await entriesOf(t, contest.id)).toHaveLength(2);
      expect((await contestRow(t, contest.id)).entryCount).toBe(2);
      expect(expectOk<DrawRecord>(await api.record(undefined, contest.id)).entries!.count).toBe(2);
    });

    it('refuses a CSV import after the first draw with 409 CONTEST_ENDED, importing nothing', async () => {
      const { contest } = await contestWith(1, 2);
      const csv = csvFileForm('name,email\nNew Comer,new.comer@example.com\n');
      const importCsv = () =>
        request(t, owner, {
          method: 'POST',
          url: `/api/contests/${contest.id}/entries/import`,
          ...csv,
        });
      expectOk(await api.drawWinner(owner, contest.id));
      expectError(await importCsv(), 409, 'CONTEST_ENDED', 'This contest has ended.');
      expect(await entriesOf(t, contest.id)).toHaveLength(2);
      // Before a draw the same import works.
      const { contest: open } = await contestWith(1, 0);
      const imported = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${open.id}/entries/import`,
        ...csv,
      });
      expect(imported.statusCode, imported.body).toBe(200);
    });

    it('does not freeze a contest whose draw failed (a foreign manual pick)', async () => {
      const { contest } = await contestWith(1, 2);
      const { entries: foreign } = await contestWith(1, 1);
      expectError(
        await api.drawWinner(owner, contest.id, { winnerId: foreign[0]!.id }),
        400,
        'NOT_AN_ENTRY',
      );
      expect(await contestRow(t, contest.id)).toMatchObject({ frozenAt: null, entriesRoot: null });
      expect((await api.enter(contest.id, 'Still Welcome')).statusCode).toBe(201);
    });
  });

  describe('disqualifying a winner', () => {
    it('marks the winner disqualified with its reason and gives the place to the next pick', async () => {
      const { contest, entries } = await contestWith(3, 10);
      const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      const second = drawn.picks.find((pick) => pick.position === 2)!;
      const before = Date.now();
      const record = await expectVerifiable(
        expectOk<DrawRecord>(
          await api.disqualifyCurrent(owner, contest.id, 2, {
            reason: '  did not reply within 72 hours ',
          }),
        ),
      );
      expect(record.picks).toHaveLength(4);
      const removed = record.picks.find((pick) => pick.p === second.p)!;
      expect(removed).toMatchObject({
        ...second,
        status: 'disqualified',
        reason: 'did not reply within 72 hours',
        disqualifiedAt: expect.any(String),
      });
      expect(Date.parse(removed.disqualifiedAt!)).toBeGreaterThanOrEqual(before - 1000);
      const replacement = record.picks.find((pick) => pick.p === 4)!;
      expect(replacement).toMatchObject({ position: 2, status: 'winner', method: 'random' });
      expect(drawn.picks.map((pick) => pick.entryId)).not.toContain(replacement.entryId);
      expect(entries.map((e) => e.id)).toContain(replacement.entryId);
      // The other places keep their winners.
      expect(winnersOf(record)).toEqual([
        [1, drawn.picks[0]!.entryId],
        [2, replacement.entryId],
        [3, drawn.picks[2]!.entryId],
      ]);
      const shown = await publicView(contest);
      expect(shown.winners.map((winner) => winner.displayName)).toEqual(
        winnersOf(record).map(
          ([position]) =>
            record.picks.find((p) => p.position === position && p.status === 'winner')!.displayName,
        ),
      );

      // The private history names the disqualified winner, the reason, and the replacement.
      const listed = expectOk<DrawHistoryItem[]>(await api.history(owner, contest.id));
      expect(listed.map((item) => [item.action, item.reason])).toEqual([
        ['random', null],
        ['disqualify', 'did not reply within 72 hours'],
        ['random', null],
        ['random', null],
        ['random', null],
      ]);
      const removedEntry = entries.find((e) => e.id === second.entryId)!;
      expect(listed[1]).toMatchObject({
        entrantName: removedEntry.name,
        entrantEmail: removedEntry.email,
        entryCount: 10,
        actor: 'Sam',
      });
    });

    it('replaces position 1 too, and the contest’s winner follows it', async () => {
      const { contest, entries } = await contestWith(1, 5);
      const drawn = expectOk<DrawResult>(await api.drawWinner(owner, contest.id));
      const record = await expectVerifiable(
        expectOk<DrawRecord>(
          await api.disqualifyCurrent(admin, contest.id, 1, { reason: 'not eligible' }),
        ),
      );
      const [[, winnerId]] = winnersOf(record) as [[number, string]];
      expect(winnerId).not.toBe(drawn.winner.id);
      const row = await contestRow(t, contest.id);
      expect(row.winnerId).toBe(winnerId);
      // The wheel leaves the disqualified winner out.
      const wheel = expectOk<WheelData>(await api.wheel(owner, contest.id));
      const left = entries.filter((e) => e.id !== drawn.winner.id);
      expect(wheel.winnerIndex).toBe(left.findIndex((e) => e.id === winnerId));
      expect((await historyOf(t, contest.id)).map((r) => [r.action, r.actorId])).toEqual([
        ['random', owner.id],
        ['disqualify', admin.id],
        ['random', admin.id],
      ]);
    });

    it('answers 409 UNKNOWN_POSITION for a place without a winner', async () => {
      const { contest: single } = await contestWith(1, 3);
      expectError(
        await api.disqualifyCurrent(owner, single.id, 1, { reason: 'too early' }),
        409,
        'UNKNOWN_POSITION',
        drawMessages.unknownPosition,
      );
      expectOk(await api.drawPlaces(owner, single.id));
      expectError(
        await api.disqualifyCurrent(owner, single.id, 2, { reason: 'no such place' }),
        409,
        'UNKNOWN_POSITION',
      );
      expectError(
        await api.disqualifyCurrent(owner, single.id, 100, { reason: 'no such place' }),
        409,
        'UNKNOWN_POSITION',
      );

      const { contest: three } = await contestWith(3, 6);
      expectOk(await api.drawPlaces(owner, three.id, { count: 2 }));
      expectError(
        await api.disqualifyCurrent(owner, three.id, 3, { reason: 'empty place' }),
        409,
        'UNKNOWN_POSITION',
      );
      // After a reset every place is empty.
      expectOk(await api.reset(owner, three.id));
      expectError(
        await api.disqualifyCurrent(owner, three.id, 1, { reason: 'reset already' }),
        409,
        'UNKNOWN_POSITION',
      );
      expect(await picksOf(t, three.id)).toHaveLength(2);
    });

    it.each([
      ['0', 0],
      ['101', 101],
      ['"x"', 'x'],
      ['1.5', '1.5'],
      ['-1', -1],
    ])('answers 400 VALIDATION to the position %s', async (_, position) => {
      const { contest } = await contestWith(1, 2);
      expectOk(await api.drawPlaces(owner, contest.id));
      expectError(
        await api.disqualifyCurrent(owner, contest.id, position, { reason: 'fine' }),
        400,
        'VALIDATION',
      );
      expect((await picksOf(t, contest.id)).map((pick) => pick.status)).toEqual(['winner']);
    });

    it.each([
      ['an empty reason', { reason: '' }],
      ['a blank reason', { reason: '   ' }],
      ['a reason of 201 characters', { reason: 'r'.repeat(201) }],
      ['no reason', {}],
      ['a numeric reason', { reason: 42 }],
      ['a null reason', { reason: null }],
      ['a NUL character', { reason: 'bad\u0000reason' }],
    ])(
      'answers 400 VALIDATION naming the reason to %s, and changes nothing',
      async (_, payload) => {
        const { contest } = await contestWith(1, 2);
        expectOk(await api.drawPlaces(owner, contest.id));
        const refused = expectError(
          await api.disqualifyCurrent(owner, contest.id, 1, payload),
          400,
          'VALIDATION',
        );
        expect(refused.errors).toHaveProperty('reason');
        expect((await picksOf(t, contest.id)).map((pick) => pick.status)).toEqual(['winner']);
        expect(await historyOf(t, contest.id)).toHaveLength(1);
      },
    );

    it('takes a reason of exactly 200 characters, and shows it in the public record', async () => {
      const { contest } = await contestWith(1, 2);
      expectOk(await api.drawPlaces(owner, contest.id));
      const reason = `${'é'.repeat(199)}!`;
      expectOk(await api.disqualifyCurrent(owner, contest.id, 1, { reason }));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(record.picks[0]!.reason).toBe(reason);
    });

    it('answers 409 NO_ENTRIES_LEFT when nobody is left to replace, and changes nothing', async () => {
      const { contest, entries } = await contestWith(1, 2);
      expectOk(await api.drawPlaces(owner, contest.id));
      const replaced = expectOk<DrawRecord>(
        await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'first one out' }),
      );
      const before = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(before).toEqual(replaced);
      const historyBefore = await historyOf(t, contest.id);
      expectError(
        await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'second one out' }),
        409,
        'NO_ENTRIES_LEFT',
        drawMessages.noReplacement,
      );
      // The winner is still the winner: no disqualification without a replacement.
      expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(before);
      expect(await historyOf(t, contest.id)).toEqual(historyBefore);
      const row = await contestRow(t, contest.id);
      expect(row.winnerId).toBe(winnersOf(before)[0]![1]);
      expect(entries.map((e) => e.id)).toContain(row.winnerId);
      expect((await publicView(contest)).winners).toHaveLength(1);
    });

    describe('naming the pick it removes', () => {
      /** Two places drawn: the record, and the pick at place 2. */
      async function drawnTwo() {
        const { contest } = await contestWith(2, 10);
        const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
        return { contest, drawn, second: drawn.picks.find((pick) => pick.position === 2)! };
      }

      it('answers 409 PICK_CHANGED to a stale request and leaves the replacement in place', async () => {
        const { contest, second } = await drawnTwo();
        const body = { p: second.p, reason: 'did not reply' };
        const replaced = expectOk<DrawRecord>(await api.disqualify(owner, contest.id, 2, body));
        const replacement = replaced.picks.find(
          (pick) => pick.position === 2 && pick.status === 'winner',
        )!;
        expect(replacement.p).not.toBe(second.p);
        const historyBefore = await historyOf(t, contest.id);
        // A double click, or a second tab that still shows the winner who is already out.
        expectError(
          await api.disqualify(owner, contest.id, 2, body),
          409,
          'PICK_CHANGED',
          drawMessages.pickChanged,
        );
        expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(replaced);
        expect(await historyOf(t, contest.id)).toEqual(historyBefore);
        // Naming the replacement removes the replacement.
        const again = expectOk<DrawRecord>(
          await api.disqualify(owner, contest.id, 2, {
            p: replacement.p,
            reason: 'not eligible',
          }),
        );
        expect(again.picks.find((pick) => pick.p === replacement.p)).toMatchObject({
          status: 'disqualified',
          reason: 'not eligible',
        });
      });

      it('answers 409 PICK_CHANGED to a pick of another place or to no pick at all', async () => {
        const { contest, drawn } = await drawnTwo();
        const first = drawn.picks.find((pick) => pick.position === 1)!;
        for (const p of [first.p, 0, 3, 99]) {
          expectError(
            await api.disqualify(owner, contest.id, 2, { p, reason: 'wrong pick' }),
            409,
            'PICK_CHANGED',
          );
        }
        expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(drawn);
      });

      it('answers 409 UNKNOWN_POSITION, not PICK_CHANGED, for a place without a winner', async () => {
        const { contest, second } = await drawnTwo();
        expectError(
          await api.disqualify(owner, contest.id, 3, {
            p: second.p,
            reason: 'no such place',
          }),
          409,
          'UNKNOWN_POSITION',
        );
      });

      it.each([
        ['no p', { reason: 'fine' }],
        ['a null p', { p: null, reason: 'fine' }],
        ['a p in a string', { p: '2', reason: 'fine' }],
        ['a fractional p', { p: 1.5, reason: 'fine' }],
        ['a negative p', { p: -1, reason: 'fine' }],
      ])('answers 400 VALIDATION naming p to %s, and changes nothing', async (_, payload) => {
        const { contest, drawn } = await drawnTwo();
        const refused = expectError(
          await api.disqualify(owner, contest.id, 2, payload),
          400,
          'VALIDATION',
        );
        expect(refused.errors).toHaveProperty('p');
        expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(drawn);
      });

      it.each([
        ['a full-width ＠ (U+FF20)', 'write to maria＠example.com'],
        ['a small ﹫ (U+FE6B)', 'ask ﹫maria'],
      ])('refuses a reason with %s as it refuses an ASCII @', async (_, reason) => {
        const { contest, drawn, second } = await drawnTwo();
        const ascii = expectError(
          await api.disqualify(owner, contest.id, 2, {
            p: second.p,
            reason: 'write to maria@example.com',
          }),
          400,
          'VALIDATION',
        );
        const lookalike = expectError(
          await api.disqualify(owner, contest.id, 2, { p: second.p, reason }),
          400,
          'VALIDATION',
        );
        expect(lookalike.errors).toEqual({ reason: (ascii.errors as { reason: string }).reason });
        expect(lookalike.message).toBe(ascii.message);
        expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(drawn);
      });

      it('keeps the reason as normalised (NFKC) in the public record', async () => {
        const { contest, second } = await drawnTwo();
        const record = expectOk<DrawRecord>(
          await api.disqualify(owner, contest.id, 2, {
            p: second.p,
            reason: ' ﬁnal answer：no ',
          }),
        );
        expect(record.picks.find((pick) => pick.p === second.p)!.reason).toBe('final answer:no');
      });
    });

    it('is the owner’s or an admin’s: 404 for another user, 401 anonymous', async () => {
      const { contest } = await contestWith(1, 3);
      const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      expectError(
        await api.disqualifyCurrent(intruder, contest.id, 1, { reason: 'mine now' }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api.disqualifyCurrent(undefined, contest.id, 1, { reason: 'anonymous' }),
        401,
        'UNAUTHORIZED',
      );
      expect(expectOk<DrawRecord>(await api.record(undefined, contest.id))).toEqual(drawn);
    });
  });

  describe('the winner calls of docs/product.md#the-draw', () => {
    it('POST /winner without a body draws position 1 only, then 409 ALREADY_DRAWN', async () => {
      const { contest, entries } = await contestWith(3, 6);
      const drawn = expectOk<DrawResult>(await api.drawWinner(owner, contest.id));
      expect(drawn).toMatchObject({ method: 'random', entryCount: 6 });
      expect(entries[drawn.index]!.id).toBe(drawn.winner.id);
      expect(drawn.winner).toEqual({
        id: drawn.winner.id,
        name: entries[drawn.index]!.name,
        email: entries[drawn.index]!.email,
      });
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)),
      );
      expect(record.picks.map((pick) => [pick.p, pick.position, pick.entryId])).toEqual([
        [1, 1, drawn.winner.id],
      ]);
      expect(record.picks[0]!.drawnAt).toBe(drawn.winnerSelectedAt);
      expectError(
        await api.drawWinner(owner, contest.id),
        409,
        'ALREADY_DRAWN',
        drawMessages.alreadyDrawn,
      );
      expectError(await api.drawWinner(owner, contest.id, {}), 409, 'ALREADY_DRAWN');
      // The other places are POST /draws's.
      const all = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)),
      );
      expect(all.picks.map((pick) => [pick.p, pick.position])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
    });

    it('POST /winner {winnerId} is a manual pick: attempts 0, its index in the remaining list', async () => {
      const { contest, entries } = await contestWith(2, 5);
      const first = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
      const taken = first.picks[0]!.entryId;
      expectOk(await api.reset(owner, contest.id));
      // Pick the last entry by hand: its index among the four left is 3, and so is its slice
      // on the wheel, which leaves the disqualified winner out.
      const chosen = entries.at(-1)!.id === taken ? entries.at(-2)! : entries.at(-1)!;
      const remaining = entries.map((e) => e.id).filter((id) => id !== taken);
      const picked = expectOk<DrawResult>(
        await api.drawWinner(owner, contest.id, { winnerId: chosen.id }),
      );
      expect(picked).toMatchObject({
        method: 'manual',
        entryCount: 5,
        index: remaining.indexOf(chosen.id),
        winner: { id: chosen.id, name: chosen.name, email: chosen.email },
      });
      const record = await expectVerifiable(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)),
      );
      expect(record.picks[1]).toMatchObject({
        p: 2,
        position: 1,
        entryId: chosen.id,
        method: 'manual',
        attempts: 0,
        index: remaining.indexOf(chosen.id),
        status: 'winner',
      });
      expect((await historyOf(t, contest.id)).map((r) => r.action)).toEqual([
        'random',
        'disqualify',
        'manual',
      ]);
      // An entry already picked (even disqualified) cannot be picked again, by hand or at random.
      expectOk(await api.reset(owner, contest.id));
      for (const winnerId of [taken, chosen.id]) {
        expectError(
          await api.drawWinner(owner, contest.id, { winnerId }),
          400,
          'NOT_AN_ENTRY',
          drawMessages.notAnEntry,
        );
      }
      const after = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)),
      );
      expect(after.picks.slice(2).map((pick) => pick.entryId)).not.toContain(taken);
      expect(after.picks.slice(2).map((pick) => pick.entryId)).not.toContain(chosen.id);
    });

    it('a manual pick wants position 1 empty: 409 ALREADY_DRAWN otherwise', async () => {
      const { contest, entries } = await contestWith(2, 4);
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
      const other = entries.find((e) => e.id !== record.picks[0]!.entryId)!;
      expectError(
        await api.drawWinner(owner, contest.id, { winnerId: other.id }),
        409,
        'ALREADY_DRAWN',
      );
      expect(await picksOf(t, contest.id)).toHaveLength(1);
    });

    it("DELETE /winner disqualifies every winner with the owner's reason; the next draw refills", async () => {
      const { contest } = await contestWith(3, 9);
      const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      const reset = expectOk(await api.reset(owner, contest.id));
      expect(reset).toEqual({ message: expect.any(String) });

      const emptied = await expectVerifiable(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)),
      );
      expect(winnersOf(emptied)).toEqual([]);
      for (const pick of emptied.picks) {
        expect(pick).toMatchObject({ status: 'disqualified', reason: TEST_RESET_REASON });
        expect(pick.disqualifiedAt).not.toBeNull();
      }
      const row = await contestRow(t, contest.id);
      expect(row).toMatchObject({ winnerId: null, winnerSelectedAt: null, winners: [] });
      expect((await publicView(contest)).winners).toEqual([]);
      const wheel = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(wheel).toMatchObject({ winnerIndex: null, places: [] });

      const refilled = await expectVerifiable(
        expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id)),
      );
      expect(refilled.picks.slice(3).map((pick) => [pick.p, pick.position, pick.status])).toEqual([
        [4, 1, 'winner'],
        [5, 2, 'winner'],
        [6, 3, 'winner'],
      ]);
      const before = new Set(drawn.picks.map((pick) => pick.entryId));
      expect(refilled.picks.slice(3).some((pick) => before.has(pick.entryId))).toBe(false);
      expect(refilled.seed).toBe(drawn.seed);
      expect(refilled.entries).toEqual(drawn.entries);

      const listed = expectOk<DrawHistoryItem[]>(await api.history(owner, contest.id));
      expect(listed.map((item) => [item.action, item.reason])).toEqual([
        ...Array.from({ length: 3 }, () => ['random', null]),
        ...Array.from({ length: 3 }, () => ['disqualify', TEST_RESET_REASON]),
        ...Array.from({ length: 3 }, () => ['random', null]),
      ]);
    });

    it('DELETE /winner without a winner answers 409 NO_WINNER', async () => {
      const { contest } = await contestWith(2, 3);
      expectError(await api.reset(owner, contest.id), 409, 'NO_WINNER', drawMessages.noWinner);
      expectOk(await api.drawPlaces(owner, contest.id));
      expectOk(await api.reset(owner, contest.id));
      expectError(await api.reset(owner, contest.id), 409, 'NO_WINNER', drawMessages.noWinner);
      expect((await historyOf(t, contest.id)).map((r) => r.action)).toEqual([
        'random',
        'random',
        'disqualify',
        'disqualify',
      ]);
    });
  });

  describe('the wheel', () => {
    it('lists every filled place with its slice, and winnerIndex is position 1’s slice', async () => {
      const { contest, entries } = await contestWith(3, 7);
      const empty = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(empty).toEqual({
        count: 7,
        labels: entries.map((e) => e.name),
        weights: null,
        winnerIndex: null,
        places: [],
      });
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      const wheel = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(wheel.count).toBe(7);
      expect(wheel.labels).toEqual(entries.map((e) => e.name));
      expect(wheel.places).toEqual(
        record.picks.map((pick) => {
          const slice = entries.findIndex((e) => e.id === pick.entryId);
          return {
            position: pick.position,
            p: pick.p,
            entryId: pick.entryId,
            name: entries[slice]!.name,
            email: entries[slice]!.email,
            method: 'random',
            slice,
          };
        }),
      );
      expect(wheel.winnerIndex).toBe(wheel.places[0]!.slice);
      // A disqualification moves the place to the replacement's slice.
      const after = expectOk<DrawRecord>(
        await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'gone' }),
      );
      const replacement = after.picks.find((pick) => pick.p === 4)!;
      const moved = expectOk<WheelData>(await api.wheel(owner, contest.id));
      expect(moved.places.map((place) => [place.position, place.p])).toEqual([
        [1, 4],
        [2, 2],
        [3, 3],
      ]);
      // The winner disqualified has left the wheel: the slices after theirs move down by one.
      const out = record.picks.find((pick) => pick.p === 1)!.entryId;
      const remaining = entries.filter((e) => e.id !== out);
      expect(moved.count).toBe(6);
      expect(moved.labels).toEqual(remaining.map((e) => e.name));
      expect(moved.winnerIndex).toBe(remaining.findIndex((e) => e.id === replacement.entryId));
    });
  });
});
