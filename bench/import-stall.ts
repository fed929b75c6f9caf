/**
 * Other requests while an import runs (issue 11, item 5), through the server as deployed on
 * PGlite, where a transaction holds the whole database: a GET /healthz loop and a public entry
 * loop on another contest, each one request at a time, while the big-data benchmark's 5 MB,
 * 100,000-row file is imported; beside the same loops on the same server with no import running.
 * Figures: each loop's p50, p99 and slowest answer (target p99 < 500 ms), and the import's time.
 */
import { importFiles, upload } from './big-data.ts';
import { createContest, startPrizewheel, type RunningApp } from './lib/prizewheel-process.ts';
import { median, percentile, timed } from './lib/stats.ts';

const BASELINE_SECONDS = 5;
export const P99_TARGET_MS = 500;

type Probe = { requests: number; p50: number; p99: number; max: number; failures: number };

export type ImportStallResult = {
  baseline: { health: Probe; entry: Probe };
  duringImport: { health: Probe; entry: Probe };
  importSeconds: number;
};

/** Sends `send` one request after another until `done()`; each answer's time, in ms. */
async function probe(send: (n: number) => Promise<Response>, done: () => boolean) {
  const durations: number[] = [];
  let failures = 0;
  for (let n = 0; !done(); n += 1) {
    const start = performance.now();
    const response = await send(n);
    await response.arrayBuffer();
    durations.push(performance.now() - start);
    if (!response.ok) failures += 1;
  }
  return {
    requests: durations.length,
    p50: median(durations),
    p99: percentile(durations, 99),
    max: Math.max(...durations),
    failures,
  };
}

/** The two loops, side by side, until `done()`. */
async function probeBoth(app: RunningApp, contestId: string, tag: string, done: () => boolean) {
  const [health, entry] = await Promise.all([
    probe(() => fetch(`${app.url}/healthz`), done),
    probe(
      (n) =>
        fetch(`${app.url}/api/contests/${contestId}/entries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Walk-in ${n}`, email: `walk-in.${tag}.${n}@example.com` }),
        }),
      done,
    ),
  ]);
  return { health, entry };
}

export async function benchImportStall(): Promise<ImportStallResult> {
  const app = await startPrizewheel('pglite');
  try {
    const [importId, otherId] = [await createContest(app, null), await createContest(app, null)];
    const file = importFiles(importId).upload;

    const baselineEnd = Date.now() + BASELINE_SECONDS * 1000;
    const baseline = await probeBoth(app, otherId, 'baseline', () => Date.now() > baselineEnd);

    let importing = true;
    const [imported, duringImport] = await Promise.all([
      timed(() => upload(app, importId, file)).finally(() => (importing = false)),
      probeBoth(app, otherId, 'import', () => !importing),
    ]);
    return { baseline, duringImport, importSeconds: imported.seconds };
  } finally {
    await app.dispose();
  }
}

const describe = (label: string, probe: Probe) =>
  `${label}: p50 ${probe.p50.toFixed(0)} ms, p99 ${probe.p99.toFixed(0)} ms (target < ${P99_TARGET_MS} ms: ${probe.p99 < P99_TARGET_MS ? 'met' : 'MISSED'}), slowest ${probe.max.toFixed(0)} ms, ${probe.requests} requests, ${probe.failures} not 2xx`;

export function reportImportStall(result: ImportStallResult): string[] {
  return [
    `PGlite: import of the 5.2 MB CSV (100,000 rows) with the loops below running: ${result.importSeconds.toFixed(2)} s`,
    describe('GET /healthz during the import', result.duringImport.health),
    describe('public entry on another contest during the import', result.duringImport.entry),
    describe(
      `baseline, GET /healthz with no import (${BASELINE_SECONDS} s)`,
      result.baseline.health,
    ),
    describe(
      `baseline, public entry with no import (${BASELINE_SECONDS} s)`,
      result.baseline.entry,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportImportStall(await benchImportStall())) console.log(line);
}
