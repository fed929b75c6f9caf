import { readFileSync } from 'node:fs';

export type VectorPick = {
  p: number;
  remaining: number;
  index: number;
  attempts: number;
  entryId: string;
};

/** The fixed vectors published beside the protocol (docs/draw-protocol/vectors-v1.json). */
export const drawVectors = JSON.parse(
  readFileSync(new URL('../../docs/draw-protocol/vectors-v1.json', import.meta.url), 'utf8'),
) as {
  seed: string;
  seedHash: string;
  contestId: string;
  entryIds: string[];
  leaves: string[];
  root: string;
  withoutBeacon: { beaconRandomness: null; picks: VectorPick[] };
  withBeacon: { beaconRandomness: string; picks: VectorPick[] };
};

export type WeightedVectorPick = VectorPick & {
  /** W: the weights of the entries left, added up. */
  totalWeight: number;
};

/** The weighted protocol's vectors (docs/draw-protocol/vectors-v2.json). */
export const drawVectorsV2 = JSON.parse(
  readFileSync(new URL('../../docs/draw-protocol/vectors-v2.json', import.meta.url), 'utf8'),
) as Omit<typeof drawVectors, 'withoutBeacon' | 'withBeacon'> & {
  version: 'prizewheel-draw-v2';
  weights: number[];
  withoutBeacon: { beaconRandomness: null; picks: WeightedVectorPick[] };
  withBeacon: { beaconRandomness: string; picks: WeightedVectorPick[] };
};
