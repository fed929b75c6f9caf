import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Contest, ContestEntry } from '#server/db/schema.ts';
import {
  drawApi,
  entriesOf,
  expectError,
  expectOk,
  TEST_RESET_REASON,
  winnersOf,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import {
  request,
  seedContest,
  seedEntries,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

/**
 * The public draw record (docs/draw-protocol.md#the-record): who may read it, what it hides, and
 * that everything in it can be recomputed from it alone, by hand (src/server/testing/
 * draw-replay.ts, node:crypto only) and by `npm run verify` (scripts/verify-draw.mjs).
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'draw-record-'));

/** `node scripts/verify-draw.mjs <file>` on the record: exit status and output. */
async function verifyWithScript(record: DrawRecord, ...args: string[]) {
  const file = path.join(scratch, `${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(record));
  try {
    const { stdout } = await run('node', ['scripts/verify-draw.mjs', file, ...args], { cwd: root });
    return { status: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, output: failed.stdout + failed.stderr };
  }
}

const FIRST_NAMES = ['Maria', 'José', 'Łukasz', 'Zoë', 'Aiko', 'Olu', 'Bjørn', 'Ana-Sofia'];
const LAST_NAMES = ['Sanchez Lopez', 'van der Berg', 'Nakamura', "O'Neil", 'Åström', 'Smith'];

describe('the public draw record', () => {
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
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /**
   * `count` entrants with full names and e-mails, entered at a handful of dates (many share
   * one, so the id decides their order) and inserted out of order.
   */
  async function contestWithEntrants(winnersCount: number, count: number) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    const base = Date.now() - 3_600_000;
    const entrants = Array.from({ length: count }, (_, i) => ({
      name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
      email: `entrant.${i}.${randomUUID().slice(0, 6)}@example.com`,
      entryDate: new Date(base + ((i * 7919) % 5) * 1000),
    }));
    await seedEntries(t.database, contest.id, entrants.reverse());
    return { contest, entries: await entriesOf(t, contest.id) };
  }

  /** The record, as anyone reads it, recomputed by hand and by the script. */
  async function expectRecomputable(contest: Contest, entries: ContestEntry[]) {
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    const ids = await entryIdsInWheelOrder(t.database, contest.id);
    expect(ids).toEqual(entries.map((entry) => entry.id));
    expect(recomputeDrawRecord(record, ids)).toEqual([]);
    const verified = await verifyWithScript(record);
    expect(verified.output).toMatch(/All \d+ checks hold\./);
    expect(verified.status).toBe(0);
    expectNothingPersonal(record, entries);
    return record;
  }

  /** No e-mail, no "@" at all, no full name: only "Maria S." display names. */
  function expectNothingPersonal(record: DrawRecord, entries: ContestEntry[]) {
    const text = JSON.stringify(record);
    expect(text).not.toContain('@');
    for (const entry of entries) {
      expect(text).not.toContain(entry.name);
      expect(text).not.toContain(entry.email.split('@')[0]!);
    }
    for (const pick of record.picks) {
      const entry = entries.find((e) => e.id === pick.entryId)!;
      const words = entry.name.split(' ');
      expect(pick.displayName).toBe(`${words[0]} ${words.at(-1)![0]}.`);
    }
  }

  describe('who may read it', () => {
    it('is public for a published contest, before and after the draw', async () => {
      const { contest } = await contestWithEntrants(2, 5);
      const before = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(before).toEqual({
        version: 'prizewheel-draw-v1',
        contestId: contest.id,
        winnersCount: 2,
        seedHash: contest.seedHash,
        seed: null,
        entries: null,
        beacon: null,
        picks: [],
        committedAt: contest.committedAt!.toISOString(),
        frozenAt: null,
        predatesVerifiableDraws: false,
        entriesLeftOut: null,
        excluded: [],
        rules: null,
      });
      // The secret seed is nowhere before the draw, whoever asks.
      for (const as of [undefined, intruder, owner, admin]) {
        const response = await api.record(as, contest.id);
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(contest.drawSeed!);
      }
      expectOk(await api.drawPlaces(owner, contest.id));
      for (const as of [undefined, intruder, owner, admin]) {
        const record = expectOk<DrawRecord>(await api.record(as, contest.id));
        expect(record.seed).toBe(contest.drawSeed);
        expect(record.picks).toHaveLength(2);
      }
    });

    it('hides a draft from anyone but its owner and admins', async () => {
      const draft = await seedContest(t.database, owner, { publishedAt: null, isActive: false });
      expectError(await api.record(undefined, draft.id), 404, 'NOT_FOUND', 'Contest not found');
      expectError(await api.record(intruder, draft.id), 404, 'NOT_FOUND', 'Contest not found');
      for (const as of [owner, admin]) {
        expect(expectOk<DrawRecord>(await api.record(as, draft.id))).toMatchObject({
          seedHash: null,
          seed: null,
          entries: null,
          picks: [],
          committedAt: null,
        });
      }
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of [
        randomUUID(),
        'nope',
        '%27%3B--',
        'x'.repeat(90),
        '00000000-0000-0000-0000-000000000000',
      ]) {
        expectError(await api.record(undefined, id), 404, 'NOT_FOUND');
        expectError(await api.record(admin, id), 404, 'NOT_FOUND');
      }
    });
  });

  describe('what it holds', () => {
    it('names no entrant beyond "Maria S.", and holds no "@" anywhere', async () => {
      const { contest, entries } = await contestWithEntrants(5, 40);
      expectOk(await api.drawPlaces(owner, contest.id));
      expectOk(await api.disqualifyCurrent(owner, contest.id, 3, { reason: 'not eligible' }));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expectNothingPersonal(record, entries);
      // Nothing about an entrant but the id and the display name.
      for (const pick of record.picks) {
        expect(Object.keys(pick).sort()).toEqual(
          [
            'attempts',
            'claim',
            'disqualifiedAt',
            'displayName',
            'drawnAt',
            'entryId',
            'fulfilment',
            'index',
            'method',
            'p',
            'position',
            'reason',
            'status',
          ].sort(),
        );
      }
      expect(Object.keys(record.entries!).sort()).toEqual(['count', 'leaves', 'root']);
    });

    it.each([
      ['an e-mail address', 'maria.sanchez@example.com'],
      ['a handle after the name', 'Maria @maria_s'],
      ['a handle alone', '@maria_s'],
      ['an e-mail after the name', 'Maria Sanchez maria@example.com'],
    ])('holds no "@" when a winner typed %s as their name', async (_, name) => {
      // Entry names are free text: entrants do type their e-mail or handle into the name field.
      const contest = await seedContest(t.database, owner, { winnersCount: 1 });
      await seedEntries(t.database, contest.id, [{ name, email: `${randomUUID()}@example.com` }]);
      expectOk(await api.drawPlaces(owner, contest.id));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(record.picks).toHaveLength(1);
      expect(JSON.stringify(record), `displayName ${record.picks[0]!.displayName}`).not.toContain(
        '@',
      );
      const { status, output } = await verifyWithScript(record);
      expect(output).not.toContain('FAIL');
      expect(status).toBe(0);
      // Nor does the public page, which shows the same names.
      const page = await request(t, undefined, {
        method: 'GET',
        url: `/api/contests/${contest.id}`,
      });
      expect(JSON.parse(page.body).winners).toEqual([
        { position: 1, displayName: record.picks[0]!.displayName },
      ]);
    });

    it('holds no "@" when an owner writes an e-mail address into a reason', async () => {
      // The reason is public: it is either refused or kept out of the record's "@"-free text.
      const { contest, entries } = await contestWithEntrants(1, 4);
      expectOk(await api.drawPlaces(owner, contest.id));
      const answer = await api.disqualifyCurrent(owner, contest.id, 1, {
        reason: 'replied from maria@example.com, not the address entered',
      });
      if (answer.statusCode === 400) {
        expect(answer.json().errors).toHaveProperty('reason');
      } else {
        expect(answer.statusCode, answer.body).toBe(200);
      }
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expectNothingPersonal(record, entries);
      expect((await verifyWithScript(record)).status).toBe(0);
    });

    it('lets an entrant find their leaf with their entry id', async () => {
      const { contest, entries } = await contestWithEntrants(1, 12);
      expectOk(await api.drawPlaces(owner, contest.id));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      const mine = entries[7]!.id;
      const { status, output } = await verifyWithScript(record, '--entry', mine);
      expect(output).toContain(`entry ${mine} is in the draw: leaf 8 of 12`);
      expect(status).toBe(0);
    });

    it('is caught by the replay when any claim is changed', async () => {
      const { contest, entries } = await contestWithEntrants(3, 20);
      expectOk(await api.drawPlaces(owner, contest.id));
      const record = await expectRecomputable(contest, entries);
      const ids = entries.map((entry) => entry.id);
      const other = ids.find((id) => !record.picks.some((pick) => pick.entryId === id))!;
      const tampered: DrawRecord[] = [
        { ...record, seed: 'ab'.repeat(32) },
        { ...record, seedHash: 'ab'.repeat(32) },
        {
          ...record,
          entries: { ...record.entries!, leaves: [...record.entries!.leaves].reverse() },
        },
        { ...record, picks: record.picks.map((p, i) => (i === 1 ? { ...p, entryId: other } : p)) },
        {
          ...record,
          picks: record.picks.map((p, i) => (i === 0 ? { ...p, index: p.index + 1 } : p)),
        },
        { ...record, picks: record.picks.map((p, i) => (i === 2 ? { ...p, position: 1 } : p)) },
        { ...record, contestId: randomUUID() },
      ];
      for (const changed of tampered) {
        expect(recomputeDrawRecord(changed, ids)).not.toEqual([]);
        expect((await verifyWithScript(changed)).status).toBe(1);
      }
    });
  });

  describe('recomputed from the record alone', () => {
    it('1 winner: drawn, disqualified twice, reset and picked by hand', async () => {
      const { contest, entries } = await contestWithEntrants(1, 25);
      expectOk(await api.drawWinner(owner, contest.id));
      expectOk(
        await api.disqualifyCurrent(owner, contest.id, 1, {
          reason: 'did not reply within 72 hours',
        }),
      );
      expectOk(await api.disqualifyCurrent(admin, contest.id, 1, { reason: 'not eligible' }));
      expectOk(await api.reset(owner, contest.id));
      const picked = new Set(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)).picks.map((p) => p.entryId),
      );
      const chosen = entries.find((entry) => !picked.has(entry.id))!;
      expectOk(await api.drawWinner(owner, contest.id, { winnerId: chosen.id }));
      const record = await expectRecomputable(contest, entries);
      expect(record.picks.map((pick) => [pick.p, pick.method, pick.status, pick.reason])).toEqual([
        [1, 'random', 'disqualified', 'did not reply within 72 hours'],
        [2, 'random', 'disqualified', 'not eligible'],
        [3, 'random', 'disqualified', TEST_RESET_REASON],
        [4, 'manual', 'winner', null],
      ]);
      expect(winnersOf(record)).toEqual([[1, chosen.id]]);
    });

    it('3 winners: in steps, with disqualifications, a reset and a manual pick', async () => {
      const { contest, entries } = await contestWithEntrants(3, 30);
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expectOk(await api.drawPlaces(owner, contest.id));
      expectOk(await api.disqualifyCurrent(owner, contest.id, 2, { reason: 'duplicate account' }));
      expectOk(await api.reset(owner, contest.id));
      const picked = new Set(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)).picks.map((p) => p.entryId),
      );
      const chosen = entries.filter((entry) => !picked.has(entry.id)).at(-1)!;
      expectOk(await api.drawWinner(owner, contest.id, { winnerId: chosen.id }));
      expectOk(await api.drawPlaces(owner, contest.id, { count: 2 }));
      expectOk(await api.disqualifyCurrent(owner, contest.id, 3, { reason: 'prize declined' }));
      const record = await expectRecomputable(contest, entries);
      expect(record.picks.map((pick) => [pick.p, pick.position, pick.status])).toEqual([
        [1, 1, 'disqualified'],
        [2, 2, 'disqualified'],
        [3, 3, 'disqualified'],
        [4, 2, 'disqualified'],
        [5, 1, 'winner'],
        [6, 2, 'winner'],
        [7, 3, 'disqualified'],
        [8, 3, 'winner'],
      ]);
      expect(record.picks[4]).toMatchObject({ method: 'manual', attempts: 0, entryId: chosen.id });
    });

    it('100 winners from 300 entries, with disqualifications, a reset and a manual pick', async () => {
      const { contest, entries } = await contestWithEntrants(100, 300);
      const first = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      expect(first.picks).toHaveLength(100);
      for (const position of [1, 50, 100, 50]) {
        expectOk(
          await api.disqualifyCurrent(owner, contest.id, position, { reason: `out ${position}` }),
        );
      }
      await expectRecomputable(contest, entries);
      expectOk(await api.reset(owner, contest.id));
      const picked = new Set(
        expectOk<DrawRecord>(await api.record(undefined, contest.id)).picks.map((p) => p.entryId),
      );
      const chosen = entries.find((entry) => !picked.has(entry.id))!;
      expectOk(await api.drawWinner(owner, contest.id, { winnerId: chosen.id }));
      expectOk(await api.drawPlaces(owner, contest.id));
      const record = await expectRecomputable(contest, entries);
      expect(record.picks).toHaveLength(100 + 4 + 1 + 99);
      expect(winnersOf(record).map(([position]) => position)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      expect(new Set(winnersOf(record).map(([, entryId]) => entryId)).size).toBe(100);
      expect(record.entries!.count).toBe(300);
    }, 60_000);

    it('stays verifiable when the clock steps back between a draw and a disqualification', async () => {
      // Two instances on one database whose clocks differ by two seconds (or one clock stepped
      // back by NTP): the disqualification must still come after the pick it removes in the
      // record, or the places no longer replay.
      const { contest, entries } = await contestWithEntrants(2, 8);
      expectOk(await api.drawPlaces(owner, contest.id));
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2000 });
      try {
        expectOk(await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'clock behind' }));
      } finally {
        vi.useRealTimers();
      }
      expectOk(await api.disqualifyCurrent(owner, contest.id, 2, { reason: 'clock right' }));
      const record = await expectRecomputable(contest, entries);
      expect(record.picks.map((pick) => [pick.p, pick.position, pick.status])).toEqual([
        [1, 1, 'disqualified'],
        [2, 2, 'disqualified'],
        [3, 1, 'winner'],
        [4, 2, 'winner'],
      ]);
    });

    it('every entry drawn in the end: 10 places from 10 entries, then replacements run out', async () => {
      const { contest, entries } = await contestWithEntrants(10, 10);
      expectOk(await api.drawPlaces(owner, contest.id));
      expectError(
        await api.disqualifyCurrent(owner, contest.id, 4, { reason: 'no one left' }),
        409,
        'NO_ENTRIES_LEFT',
      );
      const record = await expectRecomputable(contest, entries);
      expect(new Set(record.picks.map((pick) => pick.entryId))).toEqual(
        new Set(entries.map((entry) => entry.id)),
      );
      // The last pick had one entry left: index 0.
      expect(record.picks.at(-1)!.index).toBe(0);
    });
  });
});
