import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEACON_DELAY_MS } from '#server/lib/drand-beacon.ts';
import {
  addEntries,
  contestRow,
  drawApi,
  expectError,
  expectOk,
  fans,
  picksOf,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import { startFakeDrand, type FakeDrand } from '#server/testing/fake-drand.ts';
import { seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawHistoryItem, DrawRecord } from '#shared/contracts/draws.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * The draw with public randomness (docs/draw-protocol.md#3-public-randomness-optional), against
 * a drand chain of our own: the app is built with DRAW_BEACON_URL and DRAW_BEACON_CHAIN, as an
 * operator configures it. A bad round or an unreachable beacon stops the draw, never silently
 * falling back to the seed alone.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'draw-beacon-'));
const beaconEnv = (source: { url: string; chain: string }) => ({
  DRAW_BEACON_URL: source.url,
  DRAW_BEACON_CHAIN: source.chain,
});

describe('the draw with a drand beacon', () => {
  let honest: FakeDrand;
  let forging: FakeDrand;
  let gone: FakeDrand;
  /** Three apps on one database: the same contests, each with its operator's beacon. */
  let t: TestApp;
  let forged: TestApp;
  let unreachable: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    honest = await startFakeDrand();
    forging = await startFakeDrand({ forge: () => true });
    gone = await startFakeDrand();
    await gone.close();
    t = await createTestApp({ env: beaconEnv(honest) });
    forged = await createTestApp({ env: beaconEnv(forging), database: t.database });
    unreachable = await createTestApp({ env: beaconEnv(gone), database: t.database });
    owner = await seedUser(t);
  });
  afterAll(async () => {
    await forged?.close();
    await unreachable?.close();
    await t?.close();
    await honest?.close();
    await forging?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function contestWith(winnersCount: number, entries: number) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    await addEntries(t, contest, fans(entries));
    return contest;
  }

  async function chainInfo(drand: FakeDrand) {
    const response = await fetch(`${drand.url}/${drand.chain}/info`);
    return (await response.json()) as { genesis_time: number; period: number };
  }

  it('waits for the first round 3 s after the freeze and draws with its randomness', async () => {
    expect(t.config.drawBeacon).toEqual({ url: honest.url, chain: honest.chain });
    const contest = await contestWith(3, 100);
    const started = Date.now();
    const record = expectOk<DrawRecord>(await api().drawPlaces(owner, contest.id));
    const finished = Date.now();

    expect(record.beacon).toEqual({
      url: honest.url,
      chain: honest.chain,
      ...honest.roundOf(record.beacon!.round),
    });
    const { genesis_time: genesis, period } = await chainInfo(honest);
    const publishedAt = (genesis + (record.beacon!.round - 1) * period) * 1000;
    const frozenAt = Date.parse(record.frozenAt!);
    expect(frozenAt).toBeGreaterThanOrEqual(started - 1000);
    // The first round published at or after freeze + 3 s, and not one later.
    expect(publishedAt).toBeGreaterThanOrEqual(frozenAt + BEACON_DELAY_MS);
    expect(publishedAt - period * 1000).toBeLessThan(frozenAt + BEACON_DELAY_MS);
    // The draw waited for it.
    expect(finished).toBeGreaterThanOrEqual(publishedAt);
    expect(finished - started).toBeGreaterThanOrEqual(BEACON_DELAY_MS - 100);

    // The picks replay with the beacon's randomness, and not without it.
    const ids = await entryIdsInWheelOrder(t.database, contest.id);
    expect(recomputeDrawRecord(record, ids)).toEqual([]);
    expect(recomputeDrawRecord({ ...record, beacon: null }, ids)).not.toEqual([]);
    const file = path.join(scratch, 'beacon-record.json');
    writeFileSync(file, JSON.stringify(record));
    const { stdout } = await run('node', ['scripts/verify-draw.mjs', file], { cwd: root });
    expect(stdout).toMatch(/All \d+ checks hold\./);
    expect(stdout).toContain(`round ${record.beacon!.round}`);
    expect(expectOk<DrawRecord>(await api().record(undefined, contest.id))).toEqual(record);
  });

  it('keeps the round of the freeze for every later pick, without waiting again', async () => {
    const contest = await contestWith(2, 20);
    const first = expectOk<DrawRecord>(await api().drawPlaces(owner, contest.id, { count: 1 }));
    const started = Date.now();
    expectOk(await api().drawPlaces(owner, contest.id));
    const record = expectOk<DrawRecord>(
      await api().disqualifyCurrent(owner, contest.id, 1, { reason: 'did not reply' }),
    );
    expect(Date.now() - started).toBeLessThan(BEACON_DELAY_MS);
    expect(record.beacon).toEqual(first.beacon);
    expect(record.picks).toHaveLength(3);
    expect(recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, contest.id))).toEqual(
      [],
    );
  });

  it('asks an entry sent while the draw waits for its round to try again, then says it ended', async () => {
    const contest = await contestWith(1, 5);
    const drawing = api().drawPlaces(owner, contest.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const entering = api().enter(contest.id, 'Just Too Late');
    const [drawn, entered] = await Promise.all([drawing, entering]);
    const record = expectOk<DrawRecord>(drawn);
    // Not "ended": should the round fail, the freeze is undone and entries reopen.
    expectError(entered, 503, 'DRAW_STARTING', entryMessages.drawStarting);
    expect(entered.headers['retry-after']).toBe('5');
    expect(record.entries!.count).toBe(5);
    expectError(
      await api().enter(contest.id, 'Later Still'),
      409,
      'CONTEST_ENDED',
      'This contest has ended.',
    );
  });

  it('keeps answering for other contests, and the health check, while a draw waits', async () => {
    // The round comes 3 to 4 s after the freeze; meanwhile the rest of the app must not stall
    // (a load balancer's health check gives up after 3 s).
    const waiting = await contestWith(1, 3);
    const other = await contestWith(1, 3);
    const drawing = api().drawPlaces(owner, waiting.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const timed = async (call: () => Promise<{ statusCode: number }>) => {
      const started = Date.now();
      const response = await call();
      return { status: response.statusCode, ms: Date.now() - started };
    };
    const [record, entry, health] = await Promise.all([
      timed(() => api().record(undefined, other.id)),
      timed(() => api().enter(other.id, 'Patient Entrant')),
      timed(() => t.app.inject({ method: 'GET', url: '/healthz' })),
    ]);
    expectOk(await drawing);
    const answers = { record, entry, health };
    const quick = ({ status, ms }: { status: number; ms: number }) => ({
      status,
      quick: ms < 1500,
    });
    expect(
      { record: quick(record), entry: quick(entry), health: quick(health) },
      `answers while the draw waited: ${JSON.stringify(answers)}`,
    ).toEqual({
      record: { status: 200, quick: true },
      entry: { status: 201, quick: true },
      health: { status: 200, quick: true },
    });
  });

  it('stops at a forged signature with 502 BEACON_FAILED, freezing and drawing nothing', async () => {
    const contest = await contestWith(2, 4);
    const refused = expectError(
      await drawApi(forged).drawPlaces(owner, contest.id),
      502,
      'BEACON_FAILED',
      /randomness beacon.*round \d+ does not carry a valid signature/,
    );
    expect(refused.message).not.toMatch(/internal/i);
    await expectNothingDrawn(contest.id, 1, /does not carry a valid signature/);
    expectError(await drawApi(forged).drawWinner(owner, contest.id), 502, 'BEACON_FAILED');
    await expectNothingDrawn(contest.id, 2, /does not carry a valid signature/);

    // Entries are still accepted, and the honest beacon then draws among all of them.
    expect((await api().enter(contest.id, 'Still Welcome')).statusCode).toBe(201);
    const record = expectOk<DrawRecord>(await api().drawPlaces(owner, contest.id));
    expect(record.entries!.count).toBe(5);
    expect(recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, contest.id))).toEqual(
      [],
    );
  });

  it('stops when the beacon cannot be reached with 502 BEACON_FAILED, likewise', async () => {
    const contest = await contestWith(1, 3);
    expectError(
      await drawApi(unreachable).drawPlaces(owner, contest.id),
      502,
      'BEACON_FAILED',
      /randomness beacon could not be reached/,
    );
    await expectNothingDrawn(contest.id, 1, /randomness beacon could not be reached/);
    expect((await api().enter(contest.id, 'Still Welcome')).statusCode).toBe(201);
  });

  /**
   * The failed draws left no trace but their lines in the owner's history: not frozen, seed
   * secret, no pick; `stops` records "Draw stopped" with the beacon's reason, naming nobody.
   */
  async function expectNothingDrawn(contestId: string, stops: number, reason: RegExp) {
    const row = await contestRow(t, contestId);
    expect(row).toMatchObject({ frozenAt: null, entriesRoot: null, beacon: null, winnerId: null });
    const record = expectOk<DrawRecord>(await api().record(undefined, contestId));
    expect(record).toMatchObject({ seed: null, entries: null, beacon: null, picks: [] });
    expect(await picksOf(t, contestId)).toEqual([]);
    const history = expectOk<DrawHistoryItem[]>(await api().history(owner, contestId));
    expect(history).toHaveLength(stops);
    for (const item of history) {
      expect(item).toMatchObject({ action: 'draw-stopped', entrantName: null, entrantEmail: null });
      expect(item.reason).toMatch(reason);
    }
  }

  const api = () => drawApi(t);
});
