import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contest } from '#server/db/schema.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { drawApi, entriesOf, expectError, expectOk } from '#server/testing/draw-api.ts';
import {
  contestBody,
  pageFormFields,
  proveReferredFriends,
  request,
  seedContest,
  type SeededUser,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { DrawRecord, WheelData } from '#shared/contracts/draws.ts';
import type { ContestEntryItem, EntryReceipt } from '#shared/contracts/entries.ts';
import { referralMessages } from '#shared/contracts/referrals.ts';

/**
 * The weighted draw (protocol prizewheel-draw-v2, docs/draw-protocol.md): a contest with
 * referrals on freezes each entry's weight (1 + its bonus entries) beside its leaf, and its
 * public record replays with scripts/verify-draw.mjs. A contest with referrals off still draws
 * by v1. (The draw's fairness is tests/protocol's.)
 */

type Check = { ok: boolean; text: string };
type Verifier = {
  verifyRecord(record: unknown, options?: { entryId?: string }): Check[];
};

const root = path.resolve(import.meta.dirname, '../../../..');
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let addressCounter = 0;
/** A client address no other request of this file uses (friends count only from another). */
const freshAddress = () => {
  addressCounter += 1;
  return `198.19.${addressCounter >> 8}.${addressCounter & 255}`;
};

describe('the weighted draw (referrals on)', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  let verifier: Verifier;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'on' } });
    owner = await seedUser(t);
    api = drawApi(t);
    verifier = (await import(
      pathToFileURL(path.join(root, 'scripts/verify-draw.mjs')).href
    )) as Verifier;
  });
  afterAll(() => t.close());

  /** Friends here prove their mailbox at once (entries/referrals/proven-friends.test.ts). */
  const enter = async (contestId: string, entrant: { name?: string; ref?: string } = {}) => {
    const response = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: {
        name: entrant.name ?? 'Fan Example',
        // A public provider's: a referrer's friends at one company domain count 3 at most.
        email: `fan.${randomUUID().slice(0, 8)}@gmail.com`,
        ...(entrant.ref && { ref: entrant.ref }),
        ...pageFormFields(t, contestId),
      },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    if (entrant.ref) await proveReferredFriends(t.database, contestId);
    return response;
  };

  const entered = async (contestId: string, entrant: { name?: string; ref?: string } = {}) =>
    expectOk<EntryReceipt>(await enter(contestId, entrant), 201);

  /** Every check of scripts/verify-draw.mjs holds for the record. */
  function expectVerified(record: DrawRecord, entryId?: string) {
    const checks = verifier.verifyRecord(JSON.parse(JSON.stringify(record)), { entryId });
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.length).toBeGreaterThan(5);
    return checks;
  }

  /** The owner's list: each entry's weight by id. */
  async function listedWeights(contestId: string): Promise<Map<string, number>> {
    const response = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contestId}/entries`,
      query: { limit: '1000' },
    });
    return new Map(expectOk<ContestEntryItem[]>(response).map((entry) => [entry.id, entry.weight]));
  }

  /**
   * A referral contest: referrers entered first, then their friends through their links (one
   * entrant with none at the end), each friend from an address of their own.
   */
  async function contestWithReferrals(
    friendsPerReferrer: number[],
    overrides: Partial<Contest> = {},
  ) {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 2,
      referralCap: 50,
      winnersCount: 2,
      ...overrides,
    });
    const referrers: EntryReceipt[] = [];
    for (const [i] of friendsPerReferrer.entries()) {
      referrers.push(await entered(contest.id, { name: `Referrer${i} Example` }));
    }
    for (const [i, count] of friendsPerReferrer.entries()) {
      for (let k = 0; k < count; k += 1) {
        await entered(contest.id, {
          name: `Friend${i}x${k} Example`,
          ref: referrers[i]!.referral?.code,
        });
      }
    }
    const loner = await entered(contest.id, { name: 'Loner Example' });
    return { contest, referrers, loner };
  }

  it('records v2 with each entry’s weight in leaf order, and verify-draw passes', async () => {
    const { contest, referrers, loner } = await contestWithReferrals([3, 1, 0]);
    const expected = new Map([
      [referrers[0]!.id, 7],
      [referrers[1]!.id, 3],
      [referrers[2]!.id, 1],
      [loner.id, 1],
    ]);
    const listed = await listedWeights(contest.id);
    for (const [id, weight] of expected) expect(listed.get(id)).toBe(weight);

    // Before the draw the wheel shows the weights the entries have now, in its order.
    const order = (await entriesOf(t, contest.id)).map((entry) => entry.id);
    const liveWeights = order.map((id) => listed.get(id)!);
    const wheel = expectOk<WheelData>(await api.wheel(owner, contest.id));
    expect(wheel.count).toBe(order.length);
    expect(wheel.weights).toEqual(liveWeights);

    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(drawn).toEqual(record);
    expect(record.version).toBe('prizewheel-draw-v2');
    expect(record.entries!.count).toBe(order.length);
    expect(record.entries!.weights).toEqual(liveWeights);
    // Each leaf hashes its entry's id and weight, in the wheel's order.
    expect(record.entries!.leaves).toEqual(
      order.map((id, i) => sha256Hex(`${id}:${liveWeights[i]}`)),
    );
    expect(record.entries!.root).toBe(sha256Hex(record.entries!.leaves.join('')));
    expect(record.picks).toHaveLength(2);
    expect(JSON.stringify(record)).not.toContain('@');

    expectVerified(record);
    // verify-draw finds the referrer's own leaf, with their weight.
    const checks = expectVerified(record, referrers[0]!.id);
    expect(checks.some((check) => check.ok && check.text.includes('weight 7'))).toBe(true);

    // After the draw the wheel shows the frozen weights.
    expect(expectOk<WheelData>(await api.wheel(owner, contest.id)).weights).toEqual(liveWeights);
  });

  it('still verifies after a pick by hand, a draw and a disqualification', async () => {
    const { contest, referrers } = await contestWithReferrals([2, 4, 1], { winnersCount: 3 });
    // Place 1 by hand (the first pick freezes the weights), then places 2 and 3 at random.
    expectOk(await api.drawWinner(owner, contest.id, { winnerId: referrers[1]!.id }));
    const drawn = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(drawn.version).toBe('prizewheel-draw-v2');
    // A disqualified winner's place goes to the next pick of the sequence, by weight too.
    expectOk(await api.disqualifyCurrent(owner, contest.id, 2, { reason: 'did not reply' }));
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(record.picks.map((pick) => pick.method)).toEqual([
      'manual',
      'random',
      'random',
      'random',
    ]);
    expect(record.picks[0]!.entryId).toBe(referrers[1]!.id);
    expect(record.picks.filter((pick) => pick.status === 'disqualified')).toHaveLength(1);
    expect(record.entries!.weights).toEqual(drawn.entries!.weights);
    expectVerified(record);
  });

  it('freezes weights from counted referrals only: a flagged friend is drawn but does not weigh', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 5, referralCap: 50 });
    const referrer = await entered(contest.id, { name: 'Maria Sanchez' });
    await entered(contest.id, { ref: referrer.referral!.code });
    // A friend flagged fast-submit: in the draw (a flag alone leaves nobody out), not counted.
    const flagged = expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: {
          name: 'Quick Friend',
          email: `quick.${randomUUID().slice(0, 8)}@example.com`,
          ref: referrer.referral!.code,
          formToken: issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 2500),
        },
        headers: { 'x-forwarded-for': freshAddress() },
      }),
      201,
    );
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.version).toBe('prizewheel-draw-v2');
    expect(record.entriesLeftOut).toBe(0);
    const order = (await entriesOf(t, contest.id)).map((entry) => entry.id);
    expect(order).toContain(flagged.id);
    expect(record.entries!.weights).toEqual(order.map((id) => (id === referrer.id ? 6 : 1)));
    expectVerified(record, referrer.id);
  });

  it('draws by v1 when referrals are off, or turned off before the draw', async () => {
    const off = await seedContest(t.database, owner);
    await entered(off.id);
    await entered(off.id);
    const v1 = expectOk<DrawRecord>(await api.drawPlaces(owner, off.id));
    expect(v1.version).toBe('prizewheel-draw-v1');
    expect(v1.entries).not.toHaveProperty('weights');
    expect(v1.entries!.leaves).toContain(sha256Hex((await entriesOf(t, off.id))[0]!.id));
    expect(expectOk<WheelData>(await api.wheel(owner, off.id)).weights).toBeNull();
    expectVerified(v1);

    const { contest } = await contestWithReferrals([2]);
    const edited = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: contestBody({ referralBonus: 0, maxEntries: null, winnersCount: 2 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(expectOk<WheelData>(await api.wheel(owner, contest.id)).weights).toBeNull();
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.version).toBe('prizewheel-draw-v1');
    expect(record.entries).not.toHaveProperty('weights');
    expectVerified(record);
  });

  it('gives v2 with every weight 1 when nobody has referrals yet', async () => {
    const { contest } = await contestWithReferrals([0, 0]);
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.version).toBe('prizewheel-draw-v2');
    expect(record.entries!.weights).toEqual([1, 1, 1]);
    expectVerified(record);
  });

  it('keeps the frozen weights: no friend joins after the draw, and the settings are locked', async () => {
    const { contest, referrers } = await contestWithReferrals([1]);
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id, { count: 1 }));
    const frozen = record.entries!.weights;
    expect(frozen).toEqual([3, 1, 1]);
    expectError(
      await enter(contest.id, { ref: referrers[0]!.referral!.code }),
      409,
      'CONTEST_ENDED',
    );
    const locked = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: contestBody({ referralBonus: 10, maxEntries: null, winnersCount: 2 }),
    });
    expectError(locked, 409, 'WINNERS_COUNT_LOCKED', referralMessages.referralsLocked);
    expectOk(await api.drawPlaces(owner, contest.id));
    const after = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(after.entries!.weights).toEqual(frozen);
    expect(after.picks).toHaveLength(2);
    expectVerified(after);
  });

  it('freezes exactly the friends who got in while 40 entered during the draw', async () => {
    const contest = await seedContest(t.database, owner, {
      referralBonus: 1,
      referralCap: 1000,
      winnersCount: 1,
    });
    const referrer = await entered(contest.id, { name: 'Maria Sanchez' });
    await entered(contest.id);
    const code = referrer.referral!.code;
    const [draw, ...friends] = await Promise.all([
      api.drawPlaces(owner, contest.id),
      ...Array.from({ length: 40 }, () => enter(contest.id, { ref: code })),
    ]);
    expect(draw!.statusCode, draw!.body).toBe(200);
    const admitted = friends.filter((response) => response.statusCode === 201).length;
    // Refused: ended, or, between the freeze and the first pick, asked to try again (503).
    for (const response of friends) expect([201, 409, 503]).toContain(response.statusCode);
    const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
    expect(record.entries!.count).toBe(2 + admitted);
    const order = (await entriesOf(t, contest.id)).map((entry) => entry.id);
    expect(order).toHaveLength(2 + admitted);
    // A friend counts once their mailbox is proven, which this test does right after each
    // answer: a friend let in just before the freeze may be proven just after it, and then
    // rightly adds nothing to the frozen weight (never more than the friends who got in).
    const weight = record.entries!.weights![order.indexOf(referrer.id)]!;
    expect(weight).toBeGreaterThanOrEqual(1);
    expect(weight).toBeLessThanOrEqual(1 + admitted);
    expectVerified(record);
  });
});
