import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEntries,
  contestRow,
  drawApi,
  expectError,
  expectOk,
} from '#server/testing/draw-api.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { OwnerContest, PublicContest } from '#shared/contracts/contests.ts';
import { drawMessages, type DrawRecord } from '#shared/contracts/draws.ts';

/**
 * The commitment (docs/draw-protocol.md#1-commit): a contest gets its seedHash when it is first
 * published, and keeps it whatever happens next; the number of winners is fixed by the first draw.
 */

const HEX64 = /^[0-9a-f]{64}$/;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('the draw commitment', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  const create = (payload: object) =>
    request(t, owner, { method: 'POST', url: '/api/contests', payload: contestBody(payload) });
  const setActive = (id: string, isActive: boolean) =>
    request(t, owner, {
      method: 'PATCH',
      url: `/api/contests/${id}/status`,
      payload: { isActive },
    });
  const edit = (id: string, payload: object) =>
    request(t, owner, { method: 'PUT', url: `/api/contests/${id}`, payload: contestBody(payload) });
  const view = (id: string, as: SeededUser | undefined = owner) =>
    request(t, as, { method: 'GET', url: `/api/contests/${id}` });

  /** The stored seed is secret, its hash public: they match, and the seed is 32 bytes. */
  async function expectCommitted(id: string, seedHash: string) {
    const row = await contestRow(t, id);
    expect(row.drawSeed).toMatch(HEX64);
    expect(row.seedHash).toBe(seedHash);
    expect(sha256(row.drawSeed!)).toBe(seedHash);
  }

  describe('publishing commits', () => {
    it('gives a contest created active its seedHash and committedAt, shown to everyone', async () => {
      const before = Date.now();
      const created = expectOk<OwnerContest>(await create({}), 201);
      expect(created.seedHash).toMatch(HEX64);
      expect(Date.parse(created.committedAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(created.committedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(created).toMatchObject({ winnersCount: 1, frozenAt: null, winners: [] });
      await expectCommitted(created.id, created.seedHash!);
      // The seed itself is in no answer, the owner's included.
      const row = await contestRow(t, created.id);
      const publicView = expectOk<PublicContest>(await view(created.id, undefined));
      expect(publicView).toMatchObject({
        seedHash: created.seedHash,
        committedAt: created.committedAt,
      });
      for (const body of [
        JSON.stringify(created),
        (await view(created.id)).body,
        JSON.stringify(publicView),
      ]) {
        expect(body).not.toContain(row.drawSeed!);
      }
      // Before the first draw the record shows the commitment only.
      expect(expectOk(await api.record(undefined, created.id))).toMatchObject({
        seedHash: created.seedHash,
        seed: null,
        entries: null,
        picks: [],
        committedAt: created.committedAt,
      });
    });

    it('gives every contest its own seed', async () => {
      const hashes = new Set<string>();
      for (let i = 0; i < 5; i += 1)
        hashes.add(expectOk<OwnerContest>(await create({}), 201).seedHash!);
      expect(hashes.size).toBe(5);
    });

    it('leaves a draft without a commitment until it is published', async () => {
      const draft = expectOk<OwnerContest>(await create({ isActive: false }), 201);
      expect(draft).toMatchObject({ seedHash: null, committedAt: null, isPublished: false });
      const row = await contestRow(t, draft.id);
      expect(row).toMatchObject({ drawSeed: null, seedHash: null, committedAt: null });
      // Editing a draft commits nothing either.
      expect(
        expectOk<OwnerContest>(await edit(draft.id, { title: 'Still a draft' })).seedHash,
      ).toBeNull();
      // The owner sees the draft's record, without a commitment.
      expect(expectOk(await api.record(owner, draft.id))).toMatchObject({
        seedHash: null,
        seed: null,
        committedAt: null,
      });

      const published = expectOk<OwnerContest>(await setActive(draft.id, true));
      expect(published.seedHash).toMatch(HEX64);
      expect(published.committedAt).not.toBeNull();
      await expectCommitted(draft.id, published.seedHash!);
    });

    it('never changes the seedHash on pausing, resuming, republishing or editing', async () => {
      const draft = expectOk<OwnerContest>(await create({ isActive: false }), 201);
      const { seedHash, committedAt } = expectOk<OwnerContest>(await setActive(draft.id, true));
      const { drawSeed } = await contestRow(t, draft.id);
      const steps = [
        () => setActive(draft.id, false),
        () => setActive(draft.id, true),
        () => setActive(draft.id, true),
        () => edit(draft.id, { title: 'Renamed', winnersCount: 4 }),
        () => setActive(draft.id, false),
      ];
      for (const step of steps) {
        const answer = expectOk<OwnerContest>(await step());
        expect(answer).toMatchObject({ seedHash, committedAt });
        expect((await contestRow(t, draft.id)).drawSeed).toBe(drawSeed);
      }
      // A contest created active keeps its commitment through the same steps.
      const live = expectOk<OwnerContest>(await create({}), 201);
      for (const isActive of [false, true, true]) {
        expect(expectOk<OwnerContest>(await setActive(live.id, isActive))).toMatchObject({
          seedHash: live.seedHash,
          committedAt: live.committedAt,
        });
      }
      await expectCommitted(live.id, live.seedHash!);
    });

    it('commits once when ten publications race', async () => {
      const draft = expectOk<OwnerContest>(await create({ isActive: false }), 201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => setActive(draft.id, true)),
      );
      const hashes = new Set(answers.map((answer) => expectOk<OwnerContest>(answer).seedHash));
      expect(hashes.size).toBe(1);
      const [seedHash] = [...hashes];
      expect(seedHash).toMatch(HEX64);
      await expectCommitted(draft.id, seedHash!);
    });

    it('reveals the committed seed at the first draw: SHA-256(seed) = seedHash', async () => {
      const created = expectOk<OwnerContest>(await create({ winnersCount: 2 }), 201);
      await addEntries(t, { id: created.id }, ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, created.id));
      expect(record.seedHash).toBe(created.seedHash);
      expect(sha256(record.seed!)).toBe(created.seedHash);
      expect(record.committedAt).toBe(created.committedAt);
      // The commitment predates the freeze.
      expect(Date.parse(record.frozenAt!)).toBeGreaterThanOrEqual(Date.parse(record.committedAt!));
    });
  });

  describe('the number of winners', () => {
    it('is 1 by default, and any whole number from 1 to 100', async () => {
      expect(expectOk<OwnerContest>(await create({}), 201).winnersCount).toBe(1);
      for (const winnersCount of [1, 2, 57, 100]) {
        const created = expectOk<OwnerContest>(await create({ winnersCount }), 201);
        expect(created.winnersCount).toBe(winnersCount);
        expect((await contestRow(t, created.id)).winnersCount).toBe(winnersCount);
        expect(expectOk<DrawRecord>(await api.record(undefined, created.id)).winnersCount).toBe(
          winnersCount,
        );
        expect(expectOk<PublicContest>(await view(created.id, undefined)).winnersCount).toBe(
          winnersCount,
        );
      }
    });

    it.each([
      ['0', 0],
      ['101', 101],
      ['2.5', 2.5],
      ['"3"', '3'],
      ['-1', -1],
      ['null', null],
      ['true', true],
      ['an array', [3]],
    ])(
      'refuses %s with 400 VALIDATION naming winnersCount, on create and edit',
      async (_, value) => {
        const refused = expectError(
          await create({ winnersCount: value as number }),
          400,
          'VALIDATION',
        );
        expect(refused.errors).toHaveProperty('winnersCount');
        expect(typeof (refused.errors as Record<string, string>).winnersCount).toBe('string');

        const contest = expectOk<OwnerContest>(await create({ winnersCount: 2 }), 201);
        const editRefused = expectError(
          await edit(contest.id, { winnersCount: value as number }),
          400,
          'VALIDATION',
        );
        expect(editRefused.errors).toHaveProperty('winnersCount');
        expect((await contestRow(t, contest.id)).winnersCount).toBe(2);
      },
    );

    it('changes on edit until the first draw, then answers 409 WINNERS_COUNT_LOCKED', async () => {
      const contest = expectOk<OwnerContest>(await create({ winnersCount: 2 }), 201);
      expect(expectOk<OwnerContest>(await edit(contest.id, { winnersCount: 3 })).winnersCount).toBe(
        3,
      );
      // Leaving it out keeps the number.
      const withoutCount = contestBody({ title: 'Kept count' });
      expect(withoutCount).not.toHaveProperty('winnersCount');
      const kept = await request(t, owner, {
        method: 'PUT',
        url: `/api/contests/${contest.id}`,
        payload: withoutCount,
      });
      expect(expectOk<OwnerContest>(kept).winnersCount).toBe(3);

      await addEntries(t, { id: contest.id }, ['Ada Lovelace', 'Alan Turing']);
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      for (const winnersCount of [1, 2, 4, 100]) {
        const locked = expectError(
          await edit(contest.id, { winnersCount }),
          409,
          'WINNERS_COUNT_LOCKED',
          drawMessages.winnersCountLocked,
        );
        expect(locked.errors).toEqual({ winnersCount: drawMessages.winnersCountLocked });
      }
      const row = await contestRow(t, contest.id);
      expect(row.winnersCount).toBe(3);
      expect(row.title).toBe('Kept count');

      // Every other field still changes, with the same number of winners or without it.
      const renamed = expectOk<OwnerContest>(
        await edit(contest.id, { title: 'After the draw', winnersCount: 3 }),
      );
      expect(renamed).toMatchObject({ title: 'After the draw', winnersCount: 3 });
      const withoutIt = await request(t, owner, {
        method: 'PUT',
        url: `/api/contests/${contest.id}`,
        payload: { ...withoutCount, title: 'Again', prizeDetails: 'A bigger prize' },
      });
      expect(expectOk<OwnerContest>(withoutIt)).toMatchObject({
        title: 'Again',
        prizeDetails: 'A bigger prize',
        winnersCount: 3,
      });
      expect(expectOk<DrawRecord>(await api.record(undefined, contest.id)).winnersCount).toBe(3);
    });
  });
});
