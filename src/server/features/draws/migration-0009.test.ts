import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { contests } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { firstRowOf, openDatabaseBefore } from '#server/testing/database-before.ts';
import {
  drawApi,
  expectError,
  expectOk,
  historyOf,
  TEST_RESET_REASON,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import type { SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawHistoryItem, DrawRecord, WheelData } from '#shared/contracts/draws.ts';

/**
 * Migration 0009 (verifiable draws) on a database that lived before it: contests published,
 * drawn and drafted under 0008 must come out committed (the published ones), untouched (the
 * draft) and marked as predating verifiable draws (the drawn ones), their winner kept.
 */

const HEX64 = /^[0-9a-f]{64}$/;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

const one = firstRowOf;

describe('migration 0009 on a database from before verifiable draws', () => {
  let database: Database;
  let t: TestApp;
  let owner: SeededUser;
  const ids = {} as {
    owner: string;
    drawn: string;
    rerolled: string;
    undrawn: string;
    draft: string;
    winner: string;
  };

  beforeAll(async () => {
    database = await openDatabaseBefore('0009_verifiable_draws');
    // The tables as 0008 left them: no seed, no picks, the winner on the contest.
    ids.owner = String(
      (
        await one(
          database,
          sql`insert into users (email, first_name, role, email_verified_at)
              values ('legacy-owner@example.com', 'Lee', 'user', now()) returning id`,
        )
      ).id,
    );
    const contest = async (title: string, published: boolean) =>
      String(
        (
          await one(
            database,
            sql`insert into contests (owner_id, title, description, prize_details, end_date, is_active, published_at)
                values (${ids.owner}, ${title}, 'From before 0009', 'A prize',
                        now() + interval '7 days', ${published}, ${published ? sql`now() - interval '2 days'` : null})
                returning id`,
          )
        ).id,
      );
    ids.drawn = await contest('Drawn before', true);
    ids.rerolled = await contest('Drawn and reset before', true);
    ids.undrawn = await contest('Published, never drawn', true);
    ids.draft = await contest('A draft', false);
    for (const contestId of [ids.drawn, ids.rerolled, ids.undrawn]) {
      for (let i = 0; i < 6; i += 1) {
        await database.db.execute(
          sql`insert into contest_entries (contest_id, name, email, entry_date)
              values (${contestId}, ${`Legacy Fan${i}`}, ${`legacy-${i}-${contestId.slice(0, 8)}@example.com`},
                      now() - interval '1 day' + ${i} * interval '1 minute')`,
        );
      }
      await database.db.execute(sql`update contests set entry_count = 6 where id = ${contestId}`);
    }
    const winner = await one(
      database,
      sql`select id, name, email from contest_entries where contest_id = ${ids.drawn}
          order by entry_date, id offset 2 limit 1`,
    );
    ids.winner = String(winner.id);
    await database.db.execute(
      sql`update contests set winner_id = ${ids.winner}, winner_selected_at = now() - interval '1 hour'
          where id = ${ids.drawn}`,
    );
    const history = (contestId: string, title: string, action: string, minutesAgo: number) =>
      database.db.execute(
        sql`insert into contest_draws (contest_id, contest_title, contest_owner_email, entry_id,
                                       entrant_name, entrant_email, action, entry_count, actor_id, created_at)
            values (${contestId}, ${title}, 'legacy-owner@example.com', ${ids.winner},
                    ${String(winner.name)}, ${String(winner.email)}, ${action}, 6, ${ids.owner},
                    now() - ${minutesAgo} * interval '1 minute')`,
      );
    await history(ids.drawn, 'Drawn before', 'random', 60);
    // Drawn, then reset: no winner now, only the history.
    await history(ids.rerolled, 'Drawn and reset before', 'random', 90);
    await history(ids.rerolled, 'Drawn and reset before', 'reset', 80);

    // The upgrade: every migration of the real folder, as the server runs them at start.
    await database.migrate();
    t = await createTestApp({ database });
    const session = await createSession(t.database.db, ids.owner, {});
    owner = {
      id: ids.owner,
      email: 'legacy-owner@example.com',
      cookie: `${SESSION_COOKIE}=${t.app.signCookie(session.token)}`,
    };
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const row = async (id: string) =>
    (await t.database.db.select().from(contests).where(eq(contests.id, id)))[0]!;

  it('commits every published contest: a 64-hex seed whose SHA-256 is seed_hash', async () => {
    const seeds = new Set<string>();
    for (const id of [ids.drawn, ids.rerolled, ids.undrawn]) {
      const contest = await row(id);
      expect(contest.drawSeed).toMatch(HEX64);
      expect(contest.seedHash).toMatch(HEX64);
      expect(sha256(contest.drawSeed!)).toBe(contest.seedHash);
      expect(contest.committedAt).toBeInstanceOf(Date);
      expect(contest).toMatchObject({ winnersCount: 1, frozenAt: null, winners: [] });
      seeds.add(contest.drawSeed!);
    }
    expect(seeds.size).toBe(3);
  });

  it('leaves the draft without a commitment, and commits it when it is published', async () => {
    expect(await row(ids.draft)).toMatchObject({
      drawSeed: null,
      seedHash: null,
      committedAt: null,
      predatesVerifiableDraws: false,
    });
    const published = await drawApi(t).record(owner, ids.draft);
    expect(expectOk<DrawRecord>(published).seedHash).toBeNull();
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/contests/${ids.draft}/status`,
      headers: { cookie: owner.cookie },
      payload: { isActive: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const contest = await row(ids.draft);
    expect(sha256(contest.drawSeed!)).toBe(contest.seedHash);
    expect(answer.json().seedHash).toBe(contest.seedHash);
  });

  it('marks the drawn contests as predating verifiable draws, the winner kept', async () => {
    expect(await row(ids.drawn)).toMatchObject({
      predatesVerifiableDraws: true,
      winnerId: ids.winner,
    });
    expect((await row(ids.rerolled)).predatesVerifiableDraws).toBe(true);
    expect((await row(ids.undrawn)).predatesVerifiableDraws).toBe(false);
    const record = expectOk<DrawRecord>(await drawApi(t).record(undefined, ids.drawn));
    expect(record).toMatchObject({
      predatesVerifiableDraws: true,
      seed: null,
      entries: null,
      picks: [],
    });
    expect(record.seedHash).toMatch(HEX64);
    expect(JSON.stringify(record)).not.toContain('@');
    // The wheel still shows the earlier winner's slice; the history is intact.
    const wheel = expectOk<WheelData>(await drawApi(t).wheel(owner, ids.drawn));
    expect(wheel).toMatchObject({ count: 6, winnerIndex: 2, places: [] });
    expect(
      expectOk<DrawHistoryItem[]>(await drawApi(t).history(owner, ids.rerolled)).map(
        (item) => item.action,
      ),
    ).toEqual(['reset', 'random']);
  });

  it('draws verifiably on a contest published but never drawn', async () => {
    const record = expectOk<DrawRecord>(await drawApi(t).drawPlaces(owner, ids.undrawn));
    expect(record.predatesVerifiableDraws).toBe(false);
    expect(
      recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, ids.undrawn)),
    ).toEqual([]);
  });

  it('draws verifiably on a contest drawn and reset before', async () => {
    const record = expectOk<DrawRecord>(await drawApi(t).drawPlaces(owner, ids.rerolled));
    expect(record.predatesVerifiableDraws).toBe(true);
    expect(record.picks).toHaveLength(1);
    expect(
      recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, ids.rerolled)),
    ).toEqual([]);
  });

  it('clears the earlier winner on DELETE winner (a reset), then draws verifiably', async () => {
    const api = drawApi(t);
    // The earlier winner holds the place: no draw on top of it.
    expectError(await api.drawPlaces(owner, ids.drawn), 409, 'ALREADY_DRAWN');
    expectError(await api.drawWinner(owner, ids.drawn), 409, 'ALREADY_DRAWN');
    expectError(
      await api.disqualifyCurrent(owner, ids.drawn, 1, { reason: 'old winner' }),
      409,
      'UNKNOWN_POSITION',
    );
    expect((await row(ids.drawn)).frozenAt).toBeNull();

    expect(expectOk(await api.reset(owner, ids.drawn))).toEqual({ message: expect.any(String) });
    expect(await row(ids.drawn)).toMatchObject({ winnerId: null, winnerSelectedAt: null });
    const history = await historyOf(t, ids.drawn);
    expect(history.map((record) => [record.action, record.entryId, record.reason])).toEqual([
      ['random', ids.winner, null],
      ['reset', ids.winner, TEST_RESET_REASON],
    ]);
    expectError(await api.reset(owner, ids.drawn), 409, 'NO_WINNER');

    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, ids.drawn));
    expect(record.predatesVerifiableDraws).toBe(true);
    expect(record.picks).toHaveLength(1);
    expect(record.entries!.count).toBe(6);
    const contestIds = await entryIdsInWheelOrder(t.database, ids.drawn);
    expect(recomputeDrawRecord(record, contestIds)).toEqual([]);
    expect((await row(ids.drawn)).winnerId).toBe(record.picks[0]!.entryId);
    // From here the verifiable rules hold: a reset is a disqualification.
    expectOk(await api.reset(owner, ids.drawn));
    expect((await historyOf(t, ids.drawn)).map((r) => r.action)).toEqual([
      'random',
      'reset',
      'random',
      'disqualify',
    ]);
  });
});
