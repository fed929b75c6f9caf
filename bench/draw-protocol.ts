/**
 * The verifiable draw's own cost on the server (issue 13): freezing 100,000 entries (a leaf each
 * and the root) and drawing 100 winners with prizewheel-draw-v1, beside the draw it replaces
 * (decision 006: `crypto.randomInt` per pick, nothing to hash). Interleaved A, B, A, B; medians of
 * wall and CPU time. The database's share (reading the entries, writing the picks) is not in
 * either figure.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { nodeDrawHashes } from '#server/lib/draw-hashes.ts';
import { drawNextPicks, hashEntryIds, hashLeaves } from '#shared/draw-protocol.ts';
import { median } from './lib/stats.ts';

const ENTRIES = 100_000;
const WINNERS = 100;
const ROUNDS = 5;

type Sample = { wallMs: number; cpuMs: number };
export type DrawProtocolResult = {
  entries: number;
  winners: number;
  rounds: number;
  protocol: Sample;
  baseline: Sample;
};

async function measure(task: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await task();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

async function drawWithProtocol(entryIds: string[]) {
  const leaves = await hashEntryIds(nodeDrawHashes, entryIds);
  const root = await hashLeaves(nodeDrawHashes, leaves);
  const seedHex = randomBytes(32).toString('hex');
  const draw = { seedHex, contestId: randomUUID(), root, beaconRandomness: null, entryIds };
  return drawNextPicks(nodeDrawHashes, draw, new Set(), 1, WINNERS);
}

async function drawWithRandomInt(entryIds: string[]) {
  const remaining = [...entryIds];
  return Array.from({ length: WINNERS }, () => remaining.splice(randomInt(remaining.length), 1));
}

export async function benchDrawProtocol(): Promise<DrawProtocolResult> {
  const entryIds = Array.from({ length: ENTRIES }, () => randomUUID());
  await drawWithProtocol(entryIds);
  await drawWithRandomInt(entryIds);
  const protocol: Sample[] = [];
  const baseline: Sample[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    protocol.push(await measure(() => drawWithProtocol(entryIds)));
    baseline.push(await measure(() => drawWithRandomInt(entryIds)));
  }
  const medianOf = (samples: Sample[]): Sample => ({
    wallMs: median(samples.map((sample) => sample.wallMs)),
    cpuMs: median(samples.map((sample) => sample.cpuMs)),
  });
  return {
    entries: ENTRIES,
    winners: WINNERS,
    rounds: ROUNDS,
    protocol: medianOf(protocol),
    baseline: medianOf(baseline),
  };
}

export function reportDrawProtocol(result: DrawProtocolResult): string[] {
  const line = (label: string, sample: Sample) =>
    `- ${label}: ${sample.wallMs.toFixed(0)} ms wall, ${sample.cpuMs.toFixed(0)} ms CPU`;
  return [
    `${result.winners} winners from ${result.entries.toLocaleString('en-US')} entries, medians of ${result.rounds} interleaved rounds (server side, no database):`,
    line('prizewheel-draw-v1 (freeze: leaves and root; then the picks)', result.protocol),
    line('baseline: crypto.randomInt per pick (decision 006)', result.baseline),
    `- the protocol costs ${(result.protocol.cpuMs - result.baseline.cpuMs).toFixed(0)} ms of CPU more, against a 1 s budget for the whole draw call`,
  ];
}
