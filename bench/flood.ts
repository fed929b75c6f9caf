/**
 * A flood on one contest (issue 11, item 4): 2,000 connections entering ONE contest for 20 s
 * against the server as deployed, on PGlite, beside the same load at 50 connections (the entry
 * benchmark's) in the same run, each on a fresh server. Figures: the server's peak RSS beside
 * the PGlite target, acknowledged entries lost (must be 0), entries stored that no answer
 * acknowledged (their clients were gone: what the queue should not write), and every non-2xx by
 * status (each must be a 503 or a 429 with a JSON message and a Retry-After header).
 */
import { load, PGLITE_RSS_TARGET_MB, storedEntries, type LoadResult } from './entries.ts';
import { createContest, startPrizewheel } from './lib/prizewheel-process.ts';
import { samplePeakMemory } from './lib/processes.ts';

const FLOOD_CONNECTIONS = 2000;
const BASELINE_CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_FLOOD_DURATION ?? 20);

export type FloodResult = {
  connections: number;
  seconds: number;
  load: Omit<LoadResult, 'acknowledged'> & { acknowledged: number };
  peakRssMb: number;
  /** Acknowledged (2xx) but not stored: must be 0. */
  lost: number;
  /** Stored, though no answer acknowledged it. */
  storedUnacknowledged: number;
  rows: number;
  counter: number;
};

async function floodOnce(connections: number): Promise<FloodResult> {
  const app = await startPrizewheel('pglite');
  try {
    const contestId = await createContest(app, 10_000_000);
    const stopSampling = samplePeakMemory(app.pid);
    const run = await load(app.url, contestId, DURATION_S, { connections });
    const peakRssMb = stopSampling();
    // Stopping the server finishes the requests in flight first (graceful shutdown).
    const [stored] = await storedEntries(app, [contestId]);
    const { emails, counter } = stored!;
    const lost = [...run.acknowledged].filter((email) => !emails.has(email)).length;
    const storedUnacknowledged = [...emails].filter((email) => !run.acknowledged.has(email)).length;
    const { acknowledged, ...rest } = run;
    return {
      connections,
      seconds: DURATION_S,
      load: { ...rest, acknowledged: acknowledged.size },
      peakRssMb,
      lost,
      storedUnacknowledged,
      rows: emails.size,
      counter,
    };
  } finally {
    await app.dispose();
  }
}

export async function benchFlood(): Promise<FloodResult[]> {
  return [await floodOnce(BASELINE_CONNECTIONS), await floodOnce(FLOOD_CONNECTIONS)];
}

const statuses = (result: FloodResult) =>
  Object.entries(result.load.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

export function reportFlood(results: FloodResult[]): string[] {
  return results.map((result) => {
    const label =
      result.connections === BASELINE_CONNECTIONS
        ? `Baseline, ${result.connections} connections`
        : `Flood, ${result.connections} connections`;
    const rss = `peak RSS ${result.peakRssMb.toFixed(1)} MB (PGlite target < ${PGLITE_RSS_TARGET_MB} MB: ${result.peakRssMb < PGLITE_RSS_TARGET_MB ? 'met' : 'MISSED'})`;
    return (
      `${label}, ${result.seconds} s on one contest (PGlite): ${result.load.perSecond.toFixed(0)} entries/s, ` +
      `p50 ${result.load.p50} ms, p99 ${result.load.p99} ms, ${rss}; ` +
      `acknowledged entries lost: ${result.lost} (of ${result.load.acknowledged}; must be 0); ` +
      `stored but never acknowledged: ${result.storedUnacknowledged}; rows ${result.rows}, counter ${result.counter}; ` +
      `answers by status: ${statuses(result)}; ` +
      `refusals without a JSON message and Retry-After, or not 503/429: ${result.load.unclearRefusals}; ` +
      `connection errors and timeouts: ${result.load.errors}`
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportFlood(await benchFlood())) console.log(line);
}
