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
