import { describe, expect, it } from 'vitest';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import {
  commitToSeed,
  computePick,
  computeWeightedPick,
  drawNextPicks,
  hashLeaves,
  hashWeightedEntries,
  webCryptoHashes,
  type DrawHashes,
} from '#shared/draw-protocol.ts';
import { drawVectorsV2 as vectors } from './vectors.ts';

const TWO_TO_256 = 1n << 256n;
const frozen = {
  seedHex: vectors.seed,
  contestId: vectors.contestId,
  root: vectors.root,
  beaconRandomness: null,
  entryIds: vectors.entryIds,
  weights: vectors.weights,
};

const toBytes = (value: bigint) =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * (31 - i))) & 0xffn));

/** HMACs that return `outputs` in turn, recording each message. */
function scriptedHashes(outputs: bigint[]) {
  const messages: string[] = [];
  const hashes: DrawHashes = {
    sha256Hex: webCryptoHashes.sha256Hex,
    hmacSha256: async (_key, message) => {
      messages.push(new TextDecoder().decode(message));
      return toBytes(outputs[messages.length - 1]!);
    },
  };
  return { hashes, messages };
}

describe.each([
  ['WebCrypto (the browser)', webCryptoHashes],
  ['node:crypto (the server)', nodeDrawHashes],
])('prizewheel-draw-v2 against its published vectors, with %s', (_, hashes) => {
  it('commits to the seed as v1 does', async () => {
    expect(await commitToSeed(hashes, vectors.seed)).toBe(vectors.seedHash);
  });

  it('hashes each entry id with its weight into a leaf, and the leaves into the root', async () => {
    const leaves = await hashWeightedEntries(hashes, vectors.entryIds, vectors.weights);
    expect(leaves).toEqual(vectors.leaves);
    expect(await hashLeaves(hashes, leaves)).toBe(vectors.root);
  });

  it.each([
    ['without a beacon', vectors.withoutBeacon],
    ['with a beacon', vectors.withBeacon],
  ])('replays every pick %s, removing each picked entry and its weight', async (__, draw) => {
    const remaining = [...vectors.entryIds];
    const weights = [...vectors.weights];
    for (const pick of draw.picks) {
      expect([remaining.length, weights.reduce((sum, w) => sum + w, 0)]).toEqual([
        pick.remaining,
        pick.totalWeight,
      ]);
      const result = await computeWeightedPick(hashes, {
        seedHex: vectors.seed,
        contestId: vectors.contestId,
        root: vectors.root,
        beaconRandomness: draw.beaconRandomness,
        p: pick.p,
        weights,
      });
      expect(result).toEqual({ index: pick.index, attempts: pick.attempts });
      expect(remaining.splice(result.index, 1)).toEqual([pick.entryId]);
      weights.splice(result.index, 1);
    }
  });

  it('draws the same picks through drawNextPicks, given the frozen weights', async () => {
    const { picks } = vectors.withoutBeacon;
    const drawn = await drawNextPicks(hashes, frozen, new Set(), 1, picks.length);
    expect(drawn).toEqual(
      picks.map(({ p, entryId, index, attempts }) => ({ p, entryId, index, attempts })),
    );
  });
});

describe('prizewheel-draw-v2 pick rule', () => {
  const message = { seedHex: vectors.seed, contestId: 'c', root: 'r', beaconRandomness: null };

  it('rejects x at the largest multiple of W below 2^256 and tries c + 1', async () => {
    // Weights 1, 4, 2: W = 7, running totals 1, 5, 7.
    const limit = TWO_TO_256 - (TWO_TO_256 % 7n);
    const { hashes, messages } = scriptedHashes([limit, limit - 1n]);
    const pick = await computeWeightedPick(hashes, { ...message, p: 4, weights: [1, 4, 2] });
    expect(messages).toEqual(['prizewheel-draw-v2:c:r::4:0', 'prizewheel-draw-v2:c:r::4:1']);
    // limit - 1 is accepted: t = 6, and the first running total above 6 is the third's.
    expect(pick).toEqual({ index: 2, attempts: 2 });
  });

  it('picks the first entry whose running total of weights exceeds t = x mod W', async () => {
    const weights = [1, 4, 2];
    const expectedByT = [0, 1, 1, 1, 1, 2, 2];
    for (const [t, index] of expectedByT.entries()) {
      const { hashes } = scriptedHashes([BigInt(t) + 7n * 1000n]);
      expect(await computeWeightedPick(hashes, { ...message, p: 1, weights })).toEqual({
        index,
        attempts: 1,
      });
    }
  });

  it('with every weight 1, lands where v1 does on the same x', async () => {
    // Both versions see the same x: the fake HMAC ignores the message's version prefix.
    const hashes: DrawHashes = {
      sha256Hex: webCryptoHashes.sha256Hex,
      hmacSha256: (key, text) =>
        nodeDrawHashes.hmacSha256(
          key,
          new TextEncoder().encode(new TextDecoder().decode(text).replace(/^[^:]*:/, '')),
        ),
    };
    for (let remaining = 1; remaining <= 12; remaining += 1) {
      for (let p = 1; p <= 5; p += 1) {
        const weights = new Array<number>(remaining).fill(1);
        expect(await computeWeightedPick(hashes, { ...message, p, weights })).toEqual(
          await computePick(hashes, { ...message, p, remaining }),
        );
      }
    }
  });

  it.each([
    ['zero', [1, 0, 2], /Weight 2 \(0\) is not a whole number of at least 1/],
    ['negative', [-1], /Weight 1 \(-1\)/],
    ['fractional', [1, 1.5], /Weight 2 \(1\.5\)/],
    ['not a number', [Number.NaN], /Weight 1 \(NaN\)/],
    ['unsafe', [2 ** 53], /is not a whole number/],
    ['adding up past 2^53 - 1', [Number.MAX_SAFE_INTEGER, 1], /add up to more than/],
  ])('refuses a weight that is %s', async (__, weights, problem) => {
    await expect(
      computeWeightedPick(webCryptoHashes, { ...message, p: 1, weights }),
    ).rejects.toThrow(problem);
    const entryIds = weights.map((_weight, i) => `entry-${i}`);
    await expect(hashWeightedEntries(webCryptoHashes, entryIds, weights)).rejects.toThrow(problem);
  });

  it('refuses weights that are not one per entry, and an empty list', async () => {
    await expect(hashWeightedEntries(webCryptoHashes, ['a', 'b'], [1])).rejects.toThrow(
      'Each entry needs one weight: got 1 for 2 entries.',
    );
    await expect(
      drawNextPicks(webCryptoHashes, { ...frozen, weights: [1] }, new Set(), 1, 1),
    ).rejects.toThrow('Each entry needs one weight: got 1 for 10 entries.');
    await expect(
      computeWeightedPick(webCryptoHashes, { ...message, p: 1, weights: [] }),
    ).rejects.toThrow('No entries are left to pick from.');
  });

  it('skips the entries already picked, with their weights, and numbers on from firstP', async () => {
    const [first, ...rest] = await drawNextPicks(nodeDrawHashes, frozen, new Set(), 1, 3);
    const resumed = await drawNextPicks(nodeDrawHashes, frozen, new Set([first!.entryId]), 2, 2);
    expect(resumed).toEqual(rest);
    expect(await drawNextPicks(nodeDrawHashes, frozen, new Set(vectors.entryIds), 4, 1)).toEqual(
      [],
    );
  });
});
