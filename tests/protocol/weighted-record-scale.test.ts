import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import {
  commitToSeed,
  DRAW_PROTOCOL_V2,
  drawNextPicks,
  hashLeaves,
  hashWeightedEntries,
} from '#shared/draw-protocol.ts';
import { verifyRecord } from '#web/features/draw-record/lib/verify-record.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const ENTRIES = 100_000;

/** Weights 1 to 11 (up to 10 bonus entries), the same every run: mulberry32 from a fixed seed. */
function randomWeights(count: number): number[] {
  let state = 0x5eed;
  return Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return 1 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * 11);
  });
}

/** A v2 record of `count` entries and three winners, built with the shared module. */
async function buildRecord(count: number): Promise<DrawRecord> {
  const entryIds = Array.from(
    { length: count },
    (_, i) => `01937c4e-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
  );
  const weights = randomWeights(count);
  const leaves = await hashWeightedEntries(nodeDrawHashes, entryIds, weights);
  const entriesRoot = await hashLeaves(nodeDrawHashes, leaves);
  const seed = createHash('sha256').update('a weighted draw at scale').digest('hex');
  const contestId = '0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e1';
  const frozen = { seedHex: seed, contestId, root: entriesRoot, beaconRandomness: null };
  const picks = await drawNextPicks(
    nodeDrawHashes,
    { ...frozen, entryIds, weights },
    new Set(),
    1,
    3,
  );
  return {
    version: DRAW_PROTOCOL_V2,
    contestId,
    winnersCount: 3,
    seedHash: await commitToSeed(nodeDrawHashes, seed),
    seed,
    entries: { count, root: entriesRoot, leaves, weights },
    beacon: null,
    picks: picks.map(({ p, entryId, index, attempts }) => ({
      p,
      position: p,
      entryId,
      index,
      attempts,
      method: 'random',
      status: 'winner',
      reason: null,
      drawnAt: '2026-11-20T18:00:00.000Z',
      disqualifiedAt: null,
      displayName: `Winner ${p}`,
    })),
    committedAt: null,
    frozenAt: null,
    predatesVerifiableDraws: false,
    entriesLeftOut: 0,
    excluded: [],
    rules: null,
  };
}

const secondsSince = (start: number) => (performance.now() - start) / 1000;

describe('a weighted record of 100,000 entries', () => {
  it('verifies in the browser verifier and with npm run verify in a few seconds', async () => {
    const record = await buildRecord(ENTRIES);

    let start = performance.now();
    const checks = await verifyRecord(record, { pause: async () => {} });
    const browserSeconds = secondsSince(start);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.filter((check) => check.kind === 'pick')).toHaveLength(3);

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'verify-draw-')), 'record.json');
    writeFileSync(file, JSON.stringify(record));
    start = performance.now();
    const { stdout } = await run('node', ['scripts/verify-draw.mjs', file], { cwd: root });
    const scriptSeconds = secondsSince(start);
    expect(stdout).toMatch(/All \d+ checks hold\./);

    expect(browserSeconds).toBeLessThan(10);
    expect(scriptSeconds).toBeLessThan(10);
  });
});
