#!/usr/bin/env node
/**
 * Writes protocol prizewheel-draw-v2's fixed vectors and sample record
 * (docs/draw-protocol/vectors-v2.json, sample-record-v2.json) with node:crypto and the standalone
 * checker's weighted pick, never src/shared/draw-protocol.ts: the shared module's tests then
 * check one implementation against the other. Deterministic, so running it again changes nothing.
 *
 *   node scripts/generate-draw-vectors-v2.mjs
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { computeWeightedPick } from './verify-draw.mjs';

const VERSION = 'prizewheel-draw-v2';
const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const contestId = '0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e0';
const entryIds = Array.from(
  { length: 10 },
  (_, i) => `01937c4e-0000-7000-8000-${String(i + 1).padStart(12, '0')}`,
);
const weights = [1, 4, 1, 2, 7, 1, 3, 1, 1, 10];
const displayNames = [
  'Lena W.',
  'Ana K.',
  'Maria S.',
  'Omar H.',
  'Jin P.',
  'Tom B.',
  'Chloé D.',
  'Ravi N.',
  'Sofia L.',
  'Kwame A.',
];
const beaconRandomness = 'b57c4b1c317dbd1a3a040747c5c3669fe1f103f327a8fa710951481f853cbeef';

const sha256Hex = (data) => createHash('sha256').update(data).digest('hex');
const leaves = entryIds.map((entryId, i) => sha256Hex(`${entryId}:${weights[i]}`));
const root = sha256Hex(leaves.join(''));

/** Picks 1 to `count`, each removing its entry (and its weight) from the list. */
function replayPicks(randomness, count) {
  const remaining = entryIds.map((entryId, i) => ({ entryId, weight: weights[i] }));
  return Array.from({ length: count }, (_, i) => {
    const p = i + 1;
    const remainingWeights = remaining.map((entry) => entry.weight);
    const { index, attempts } = computeWeightedPick({
      seedHex: seed,
      contestId,
      root,
      beaconRandomness: randomness,
      p,
      weights: remainingWeights,
    });
    const totalWeight = remainingWeights.reduce((sum, weight) => sum + weight, 0);
    const [{ entryId }] = remaining.splice(index, 1);
    return { p, remaining: remainingWeights.length, totalWeight, index, attempts, entryId };
  });
}

const withoutBeacon = replayPicks(null, 6);
const vectors = {
  version: VERSION,
  seed,
  seedHash: sha256Hex(Buffer.from(seed, 'hex')),
  contestId,
  entryIds,
  weights,
  leaves,
  root,
  withoutBeacon: { beaconRandomness: null, picks: withoutBeacon },
  withBeacon: { beaconRandomness, picks: replayPicks(beaconRandomness, 3) },
};

/** Two places; pick 1's winner disqualified three days on, and pick 3 replacing them. */
const [first, second, third] = withoutBeacon;
const pickOf = ({ p, entryId, index, attempts }, place) => ({
  p,
  position: place.position,
  entryId,
  index,
  attempts,
  method: 'random',
  status: place.reason ? 'disqualified' : 'winner',
  reason: place.reason ?? null,
  drawnAt: place.drawnAt,
  disqualifiedAt: place.disqualifiedAt ?? null,
  displayName: displayNames[entryIds.indexOf(entryId)],
});
const record = {
  version: VERSION,
  contestId,
  winnersCount: 2,
  seedHash: vectors.seedHash,
  seed,
  entries: { count: entryIds.length, root, leaves, weights },
  beacon: null,
  picks: [
    pickOf(first, {
      position: 1,
      drawnAt: '2026-11-20T18:00:00.000Z',
      reason: 'did not reply within 72 hours',
      disqualifiedAt: '2026-11-23T18:00:00.000Z',
    }),
    pickOf(second, { position: 2, drawnAt: '2026-11-20T18:01:00.000Z' }),
    pickOf(third, { position: 1, drawnAt: '2026-11-23T18:00:00.000Z' }),
  ],
};

/** As the repository formats JSON, so that running this again leaves the files as they are. */
async function write(name, value) {
  const file = fileURLToPath(new URL(`../docs/draw-protocol/${name}`, import.meta.url));
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(JSON.stringify(value), options));
}
await write('vectors-v2.json', vectors);
await write('sample-record-v2.json', record);
