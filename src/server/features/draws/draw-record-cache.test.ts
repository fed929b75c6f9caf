import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestLeaves } from '#server/db/schema.ts';
import { addEntries, drawApi, expectOk, fans } from '#server/testing/draw-api.ts';
import { startFakeDrand, type FakeDrand } from '#server/testing/fake-drand.ts';
import {
  contestBody,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { readDrawRecord } from './record.ts';

/**
 * GET /draw-record is built once per change of the draw and then served from memory, compressed,
 * with an ETag (docs/decisions/037-draw-record-cached.md). Whatever changed the draw, on this
 * instance or another one on the same database, the next GET answers the new record.
 */
describe('the draw record, built once per change of the draw', () => {
  let t: TestApp;
  /** Another instance on the same database, with a cache of its own. */
  let second: TestApp;
  let owner: SeededUser;
  let stranger: SeededUser;
  let drand: FakeDrand;
  let forging: FakeDrand;
  /** Instances on the same database whose draws wait for a beacon round. */
  let viaBeacon: TestApp;
  let viaForgingBeacon: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({ database: t.database });
    owner = await seedUser(t);
    stranger = await seedUser(t);
    drand = await startFakeDrand();
    forging = await startFakeDrand({ forge: () => true });
    const beaconOf = ({ url, chain }: FakeDrand) => ({
      DRAW_BEACON_URL: url,
      DRAW_BEACON_CHAIN: chain,
    });
    viaBeacon = await createTestApp({ database: t.database, env: beaconOf(drand) });
    viaForgingBeacon = await createTestApp({ database: t.database, env: beaconOf(forging) });
  });
  afterAll(async () => {
    await viaForgingBeacon?.close();
    await viaBeacon?.close();
    await second?.close();
    await t?.close();
    await drand?.close();
    await forging?.close();
  });

  const get = (
    app: TestApp,
    contestId: string,
    headers: Record<string, string> = {},
    as?: SeededUser,
  ) => request(app, as, { method: 'GET', url: `/api/contests/${contestId}/draw-record`, headers });

  /** The answer as a reader gets it, checked to be the record built afresh from the database. */
  async function expectCurrent(app: TestApp, contestId: string, as?: SeededUser) {
    const response = await get(app, contestId, {}, as);
    const record = expectOk<DrawRecord>(response);
    expect(record).toEqual(await readDrawRecord(t.database, contestId));
    return { record, etag: response.headers.etag as string };
  }

  async function contestWithFans(winnersCount: number, entries = 20) {
    const contest = await seedContest(t.database, owner, { winnersCount });
    await addEntries(t, contest, fans(entries));
    return contest;
  }

  it('answers each draw, disqualification and reset at once, never the record before it', async () => {
    const api = drawApi(t);
    const contest = await contestWithFans(3);
    const before = await expectCurrent(t, contest.id);
    expect(before.record.picks).toEqual([]);
    // Asked again, the same record: served from memory, with the same tag.
    expect((await expectCurrent(t, contest.id)).etag).toBe(before.etag);

    expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const first = await expectCurrent(t, contest.id);
    expect(first.record.picks).toHaveLength(1);
    expect(first.record.seed).not.toBeNull();
    expect(first.record.entries?.count).toBe(20);
    expect(first.record.excluded).toEqual([]);
    expect(first.etag).not.toBe(before.etag);

    expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const another = await expectCurrent(t, contest.id);
    expect(another.record.picks.map((pick) => pick.position)).toEqual([1, 2]);

    expectOk(
      await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'Did not answer in time' }),
    );
    const disqualified = await expectCurrent(t, contest.id);
    expect(disqualified.record.picks.map((pick) => [pick.position, pick.status])).toEqual([
      [1, 'disqualified'],
      [2, 'winner'],
      [1, 'winner'],
    ]);

    expect((await api.reset(owner, contest.id)).statusCode).toBe(200);
    const reset = await expectCurrent(t, contest.id);
    expect(reset.record.picks.every((pick) => pick.status === 'disqualified')).toBe(true);
    const tags = [before, first, another, disqualified, reset].map((answer) => answer.etag);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('answers what another instance on the same database changed', async () => {
    const contest = await contestWithFans(2);
    const here = await expectCurrent(t, contest.id);
    const there = await expectCurrent(second, contest.id);
    // The tag is the record's: any instance confirms a copy another one sent.
    expect(there.etag).toBe(here.etag);
    expect((await get(second, contest.id, { 'if-none-match': here.etag })).statusCode).toBe(304);

    expectOk(await drawApi(second).drawPlaces(owner, contest.id, { count: 1 }));
    const drawnThere = await expectCurrent(t, contest.id);
    expect(drawnThere.record.picks).toHaveLength(1);
    expect((await get(t, contest.id, { 'if-none-match': here.etag })).statusCode).toBe(200);

    expectOk(await drawApi(t).disqualifyCurrent(owner, contest.id, 1, { reason: 'Duplicate' }));
    const disqualifiedHere = await expectCurrent(second, contest.id);
    expect(disqualifiedHere.record.picks.map((pick) => pick.status)).toEqual([
      'disqualified',
      'winner',
    ]);
    expect((await expectCurrent(t, contest.id)).etag).toBe(disqualifiedHere.etag);
  });

  /** Reads the record until the freeze is in it, as a reader does while the draw waits. */
  async function waitForFreeze(contestId: string) {
    for (;;) {
      const answer = await expectCurrent(t, contestId);
      if (answer.record.frozenAt) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('follows the freeze, its beacon and the undo of a freeze whose beacon failed', async () => {
    const stopped = await contestWithFans(1);
    const open = await expectCurrent(t, stopped.id);
    expect(open.record.frozenAt).toBeNull();
    // A relay that signs with another key: the round is refused after the wait, the freeze undone.
    const failing = drawApi(viaForgingBeacon).drawPlaces(owner, stopped.id);
    const waiting = await waitForFreeze(stopped.id);
    expect(waiting.record.beacon).toBeNull();
    expect((await failing).statusCode).not.toBe(200);
    const reopened = await expectCurrent(t, stopped.id);
    expect(reopened.record.frozenAt).toBeNull();
    expect(reopened.etag).not.toBe(waiting.etag);

    const drawn = await contestWithFans(1);
    await expectCurrent(t, drawn.id);
    const drawing = drawApi(viaBeacon).drawPlaces(owner, drawn.id);
    expect((await waitForFreeze(drawn.id)).record.beacon).toBeNull();
    expectOk(await drawing);
    const withBeacon = await expectCurrent(t, drawn.id);
    expect(withBeacon.record.beacon?.chain).toBe(drand.chain);
    expect(withBeacon.record.picks).toHaveLength(1);
  });

  it('follows edits, publication and deletion of the contest', async () => {
    const draft = await seedContest(t.database, owner, { publishedAt: null, isActive: false });
    const unpublished = await expectCurrent(t, draft.id, owner);
    expect(unpublished.record.seedHash).toBeNull();

    const edit = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${draft.id}`,
      payload: contestBody({ winnersCount: 4 }),
    });
    expectOk(edit);
    expect((await expectCurrent(t, draft.id, owner)).record.winnersCount).toBe(4);

    const publish = await request(t, owner, {
      method: 'PATCH',
      url: `/api/contests/${draft.id}/status`,
      payload: { isActive: true },
    });
    expectOk(publish);
    const published = await expectCurrent(t, draft.id);
    expect(published.record.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(published.record.committedAt).not.toBeNull();

    const deleted = await request(t, owner, { method: 'DELETE', url: `/api/contests/${draft.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await get(t, draft.id)).statusCode).toBe(404);
    expect((await get(t, draft.id, { 'if-none-match': published.etag })).statusCode).toBe(404);
  });

  it('answers a copy still current with 304 and no body, an outdated one with the record', async () => {
    const contest = await contestWithFans(2);
    const response = await get(t, contest.id);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');

    for (const current of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const revalidated = await get(t, contest.id, { 'if-none-match': current });
      expect(revalidated.statusCode, current).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
    }

    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    const outdated = await get(t, contest.id, { 'if-none-match': etag });
    const record = expectOk<DrawRecord>(outdated);
    expect(record.picks).toHaveLength(2);
    expect(outdated.headers.etag).not.toBe(etag);
  });

  it('sends br, gzip or no coding as the client accepts, each the same record', async () => {
    const contest = await contestWithFans(2, 200);
    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    const plain = await get(t, contest.id);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body;

    const decoded = (response: LightMyRequestResponse) => {
      const coding = response.headers['content-encoding'];
      if (coding === 'br') return brotliDecompressSync(response.rawPayload).toString();
      if (coding === 'gzip') return gunzipSync(response.rawPayload).toString();
      return response.body;
    };
    const cases: [accepted: string, coding: string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0.1', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ];
    const tags = new Set<string>();
    for (const [accepted, coding] of cases) {
      const response = await get(t, contest.id, { 'accept-encoding': accepted });
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(coding);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(decoded(response), accepted).toBe(text);
      tags.add(response.headers.etag as string);
      // A copy in any coding is the same record: confirmed whichever coding is asked for now.
      const revalidated = await get(t, contest.id, {
        'accept-encoding': 'br',
        'if-none-match': response.headers.etag as string,
      });
      expect(revalidated.statusCode, accepted).toBe(304);
    }
    // Strong tags: each coding's bytes have a tag of their own.
    expect(tags.size).toBe(3);
  });

  it('keeps a draft to its owner, cached or not, and never in a shared cache', async () => {
    const draft = await seedContest(t.database, owner, { publishedAt: null, isActive: false });
    await addEntries(t, draft, fans(5));
    const ownCopy = await expectCurrent(t, draft.id, owner);
    const again = await get(t, draft.id, { 'accept-encoding': 'br' }, owner);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('private, no-store');

    for (const as of [stranger, undefined]) {
      const asked: Record<string, string>[] = [
        {},
        { 'if-none-match': ownCopy.etag },
        { 'accept-encoding': 'br' },
      ];
      for (const headers of asked) {
        const refused = await get(t, draft.id, headers, as);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain(draft.id);
        expect(refused.headers.etag).toBeUndefined();
      }
    }
  });

  it('reads the frozen list once per change of the draw, not on every request', async () => {
    const contest = await contestWithFans(1, 50);
    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    const served = await expectCurrent(t, contest.id);
    // Behind the app's back, the stored list changes: the record this instance built for the
    // draw as it is stays what it serves; an instance that never built it reads the list again.
    await t.database.db
      .update(contestLeaves)
      .set({ leaves: '0'.repeat(64 * 50) })
      .where(eq(contestLeaves.contestId, contest.id));
    const cached = expectOk<DrawRecord>(await get(t, contest.id));
    expect(cached).toEqual(served.record);
    const built = expectOk<DrawRecord>(await get(second, contest.id));
    expect(built.entries?.leaves).toEqual(Array<string>(50).fill('0'.repeat(64)));
  });
});
