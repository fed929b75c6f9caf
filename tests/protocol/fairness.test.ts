import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { drawNextPicks } from '#shared/draw-protocol.ts';
import { drawVectors as vectors } from './vectors.ts';

/** Pearson's chi-square of observed counts against expected shares (uniform by default). */
function chiSquare(counts: number[], shares: number[] = counts.map(() => 1)): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const totalShares = shares.reduce((sum, share) => sum + share, 0);
  return counts.reduce((sum, count, i) => {
    const expected = (total * shares[i]!) / totalShares;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
}
/** The chi-square distribution's 0.999 quantile with 9 degrees of freedom (10 entries). */
const CHI_SQUARE_9_DF_P001 = 27.877;
/** The same with 2 degrees of freedom (3 entries). */
const CHI_SQUARE_2_DF_P001 = 13.816;

const frozen = {
  seedHex: vectors.seed,
  contestId: vectors.contestId,
  root: vectors.root,
  beaconRandomness: null,
  entryIds: vectors.entryIds,
};

const entryIds = Array.from({ length: 10 }, (_, i) => `entry-${i}`);
/** Seeds that differ per trial but are the same every run: the test cannot flake. */
const trialSeed = (trial: number) => createHash('sha256').update(`trial ${trial}`).digest('hex');

describe('drawing the next picks (node:crypto, as the server does)', () => {
  it('skips the entries already picked and numbers the picks on from firstP', async () => {
    const [first, ...rest] = await drawNextPicks(nodeDrawHashes, frozen, new Set(), 1, 3);
    const resumed = await drawNextPicks(nodeDrawHashes, frozen, new Set([first!.entryId]), 2, 2);
    expect(resumed).toEqual(rest);
    const everyone = new Set(vectors.entryIds);
    expect(await drawNextPicks(nodeDrawHashes, frozen, everyone, 4, 1)).toEqual([]);
  });

  it('is uniform: 2,000 draws of 1 winner from 10 entries pass chi-square at p = 0.001', async () => {
    const counts = new Array<number>(10).fill(0);
    for (let trial = 0; trial < 2000; trial += 1) {
      const [pick] = await drawNextPicks(
        nodeDrawHashes,
        { seedHex: trialSeed(trial), contestId: 'c', root: 'r', beaconRandomness: null, entryIds },
        new Set(),
        1,
        1,
      );
      counts[entryIds.indexOf(pick!.entryId)]! += 1;
    }
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_9_DF_P001);
  });

  it('is uniform at every place: positions 1 to 3 over 2,000 draws pass chi-square', async () => {
    const countsByPosition = [0, 1, 2].map(() => new Array<number>(10).fill(0));
    for (let trial = 0; trial < 2000; trial += 1) {
      const picks = await drawNextPicks(
        nodeDrawHashes,
        { seedHex: trialSeed(trial), contestId: 'c', root: 'r', beaconRandomness: null, entryIds },
        new Set(),
        1,
        3,
      );
      picks.forEach((pick, position) => {
        countsByPosition[position]![entryIds.indexOf(pick.entryId)]! += 1;
      });
    }
    for (const counts of countsByPosition) {
      expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_9_DF_P001);
    }
  });

  it('is weighted (v2): 3,000 draws over weights 1, 2 and 5 pass chi-square at 1:2:5', async () => {
    const weights = [1, 2, 5];
    const weightedIds = ['light', 'double', 'heavy'];
    const counts = [0, 0, 0];
    for (let trial = 0; trial < 3000; trial += 1) {
      const [pick] = await drawNextPicks(
        nodeDrawHashes,
        {
          seedHex: trialSeed(trial),
          contestId: 'c',
          root: 'r',
          beaconRandomness: null,
          entryIds: weightedIds,
          weights,
        },
        new Set(),
        1,
        1,
      );
      counts[weightedIds.indexOf(pick!.entryId)]! += 1;
    }
    expect(chiSquare(counts, weights)).toBeLessThan(CHI_SQUARE_2_DF_P001);
  });
});
