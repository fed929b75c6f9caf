/**
 * Big data (issue 6, item 4), through the real server process, each figure beside the same
 * work done directly on the database in the same run:
 * - export of 1,000,000 entries (PostgreSQL; 100,000 on PGlite): seconds and the server's peak
 *   RSS, beside COPY TO (psql's \copy; PGlite's /dev/blob);
 * - import of a 5 MB CSV of 100,000 rows, beside COPY FROM of the same rows;
 * - the dashboard of a 100,000-entry contest (first page, a search), beside the service's own
 *   queries run in-process on the database;
 * - the contests list and entry counts of an owner with 1,000 contests, likewise.
 * `BIG_DATA_EXPORT_ROWS` shrinks the export while developing.
 */
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import {
  countEntriesByContest,
  findContest,
  listOwnContests,
} from '#server/features/contests/service.ts';
import { listEntriesPage } from '#server/features/entries/moderation/list-entries.ts';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import { exportQuery, openBulkCopy, seedContests, seedEntries } from './lib/bulk-data.ts';
import { openDirect, OWNER, startPrizewheel, type RunningApp } from './lib/prizewheel-process.ts';
import { residentMb, samplePeakMemory } from './lib/processes.ts';
import { latencies, timed, type Latency } from './lib/stats.ts';

const EXPORT_ROWS = Number(process.env.BIG_DATA_EXPORT_ROWS ?? 1_000_000);
const DASHBOARD_ROWS = 100_000;
const IMPORT_ROWS = 100_000;
const CONTESTS = 1000;
const REQUESTS = 50;
const PAGE = 200; // the dashboard's page size
const SEARCH = 'entrant 4242'; // 11 of the 100,000 names: Entrant 4242 and 42420..42429

export const TARGETS = { exportSeconds: 10, exportRssMb: 200, importSeconds: 3, searchMs: 100 };

type Download = { seconds: number; megabytes: number; lines: number; peakRssMb: number };

export type BigDataResult = {
  engine: string;
  export: Download & { rows: number; gzip?: Download; baselineSeconds: number };
  import: { rows: number; megabytes: number; seconds: number; baselineSeconds: number };
  dashboard: Record<'firstPage' | 'search' | 'baselineFirstPage' | 'baselineSearch', Latency>;
  contests: Record<'list' | 'counts' | 'baselineList' | 'baselineCounts', Latency>;
  /** The server's VmHWM at the end: its peak resident memory over the whole run. */
  serverHwmMb: number;
};

/** The CSV an owner uploads (~5 MB), and the same rows for COPY into another contest. */
export function importFiles(copyContestId: string) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, index) => {
    const n = String(index + 1).padStart(6, '0');
    return `Imported Entrant ${n},imported${n}@example.com`;
  });
  const upload = `name,email\r\n${rows.join('\r\n')}\r\n`;
  if (Buffer.byteLength(upload) > CSV_IMPORT_MAX_BYTES) throw new Error('import file too large');
  const copy = `contest_id,name,email\n${rows.map((row) => `${copyContestId},${row}`).join('\n')}\n`;
  return { upload, copy };
}

/** GET with node:http (no client-side decompression): bytes and lines as they arrive. */
function download(app: RunningApp, path: string, encoding: string): Promise<Download> {
  const stopSampling = samplePeakMemory(app.pid);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { cookie: app.cookie, 'accept-encoding': encoding };
    request(`${app.url}${path}`, { headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      });
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          seconds: (performance.now() - start) / 1000,
          megabytes: bytes / 1e6,
          lines,
          peakRssMb: stopSampling(),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

async function getOk(app: RunningApp, path: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { cookie: app.cookie } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  await response.arrayBuffer();
  return response;
}

/** Uploads `csv` as the import dialog does; all of its rows must be imported. */
export async function upload(app: RunningApp, contestId: string, csv: string) {
  const form = new FormData();
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'entries.csv');
  const response = await fetch(`${app.url}/api/contests/${contestId}/entries/import`, {
    method: 'POST',
    headers: { cookie: app.cookie },
    body: form,
  });
  const result = (await response.json()) as { imported: number };
  if (result.imported !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(result)}`);
}

async function benchEngine(engine: 'postgres' | 'pglite'): Promise<BigDataResult> {
  // Seeding a million rows into the embedded (WASM) database alone takes minutes: it exports
  // the dashboard's 100,000 instead.
  const exportRows = engine === 'postgres' ? EXPORT_ROWS : DASHBOARD_ROWS;
  let ids: string[] = [];
  const app = await startPrizewheel(engine, {
    prepare: async (database) => {
      ids = await seedContests(database, OWNER.email, CONTESTS);
      await seedEntries(database, ids[1]!, DASHBOARD_ROWS);
      if (engine === 'postgres') await seedEntries(database, ids[0]!, exportRows);
    },
  });
  try {
    const [exportId, dashboardId, importId, copyId] =
      engine === 'postgres' ? ids : [ids[1]!, ...ids.slice(1)];
    const files = importFiles(copyId!);
    const entriesPath = `/api/contests/${dashboardId}/entries?limit=${PAGE}`;
    const searchPath = `${entriesPath}&search=${encodeURIComponent(SEARCH)}`;

    console.log(`${engine}: exporting ${exportRows} entries`);
    const exportPath = `/api/contests/${exportId}/entries/export`;
    const exported = await download(app, exportPath, 'identity');
    if (exported.lines !== exportRows + 1) throw new Error(`export: ${exported.lines} lines`);
    // What a browser asks for: the server compresses the stream as it goes.
    const gzip =
      engine === 'postgres' ? await download(app, exportPath, 'gzip, deflate, br') : undefined;
    console.log(`${engine}: importing ${IMPORT_ROWS} rows`);
    const imported = await timed(() => upload(app, importId!, files.upload));
    console.log(`${engine}: dashboard and contests list`);
    const search = await getOk(app, searchPath);
    if (search.headers.get('x-total-count') !== '11') throw new Error('search: wrong total');
    const dashboard = {
      firstPage: await latencies(REQUESTS, () => getOk(app, entriesPath)),
      search: await latencies(REQUESTS, () => getOk(app, searchPath)),
    };
    const contestList = {
      list: await latencies(REQUESTS, () => getOk(app, '/api/contests')),
      counts: await latencies(REQUESTS, () => getOk(app, '/api/contests/entry-counts')),
    };
    const serverHwmMb = residentMb(app.pid, 'VmHWM');
    await app.stop();

    console.log(`${engine}: baselines on the database directly`);
    const direct = await openDirect(app);
    const { db } = direct;
    const contest = (await findContest({ db }, dashboardId!))!;
    const [owner] = await db.select().from(users).where(eq(users.email, OWNER.email));
    const page = (search?: string) => listEntriesPage({ db }, contest, { limit: PAGE, search });
    const baselines = {
      baselineFirstPage: await latencies(REQUESTS, () => page()),
      baselineSearch: await latencies(REQUESTS, () => page(SEARCH)),
      baselineList: await latencies(REQUESTS, () => listOwnContests({ db }, owner!)),
      baselineCounts: await latencies(REQUESTS, () => countEntriesByContest({ db }, owner!)),
    };
    await direct.close();
    const bulk = await openBulkCopy(app);
    const copyOut = await timed(() => bulk.copyOut(exportQuery(exportId!)));
    const copyIn = await timed(() => bulk.copyIn(files.copy));
    await bulk.close();

    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
      export: { rows: exportRows, ...exported, gzip, baselineSeconds: copyOut.seconds },
      import: {
        rows: IMPORT_ROWS,
        megabytes: Buffer.byteLength(files.upload) / 1e6,
        seconds: imported.seconds,
        baselineSeconds: copyIn.seconds,
      },
      dashboard: {
        ...dashboard,
        baselineFirstPage: baselines.baselineFirstPage,
        baselineSearch: baselines.baselineSearch,
      },
      contests: {
        ...contestList,
        baselineList: baselines.baselineList,
        baselineCounts: baselines.baselineCounts,
      },
      serverHwmMb,
    };
  } finally {
    await app.dispose();
  }
}

export async function benchBigData(): Promise<BigDataResult[]> {
  return [await benchEngine('postgres'), await benchEngine('pglite')];
}

const ms = (latency: Latency) =>
  `median ${latency.median.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms`;
const times = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}x baseline`;
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function reportBigData(results: BigDataResult[]): string[] {
  return results.flatMap(
    ({ engine, export: out, import: imp, dashboard, contests, serverHwmMb }) => {
      const exportTargets = engine === 'PostgreSQL';
      const gzip = out.gzip
        ? `; compressed as a browser asks (Accept-Encoding: gzip, deflate, br): ${out.gzip.seconds.toFixed(1)} s, ${out.gzip.megabytes.toFixed(0)} MB, peak RSS ${out.gzip.peakRssMb.toFixed(0)} MB`
        : '';
      return [
        `${engine}: export of ${out.rows.toLocaleString('en')} entries: ${out.seconds.toFixed(1)} s` +
          (exportTargets
            ? ` (target < ${TARGETS.exportSeconds} s: ${mark(out.seconds < TARGETS.exportSeconds)})`
            : '') +
          `, ${out.megabytes.toFixed(0)} MB, server peak RSS ${out.peakRssMb.toFixed(0)} MB` +
          (exportTargets
            ? ` (target < ${TARGETS.exportRssMb} MB: ${mark(out.peakRssMb < TARGETS.exportRssMb)})`
            : '') +
          `; baseline COPY TO: ${out.baselineSeconds.toFixed(1)} s, export ${times(out.seconds, out.baselineSeconds)}${gzip}`,
        `${engine}: import of a ${imp.megabytes.toFixed(1)} MB CSV (${imp.rows.toLocaleString('en')} rows): ${imp.seconds.toFixed(2)} s (target < ${TARGETS.importSeconds} s: ${mark(imp.seconds < TARGETS.importSeconds)}); baseline COPY FROM: ${imp.baselineSeconds.toFixed(2)} s, import ${times(imp.seconds, imp.baselineSeconds)}`,
        `${engine}: dashboard of ${DASHBOARD_ROWS.toLocaleString('en')} entries, first page: ${ms(dashboard.firstPage)}; baseline (the service's queries, in-process): ${ms(dashboard.baselineFirstPage)}`,
        `${engine}: dashboard search "${SEARCH}" (11 matches): ${ms(dashboard.search)} (target < ${TARGETS.searchMs} ms: ${mark(dashboard.search.p95 < TARGETS.searchMs)}); baseline: ${ms(dashboard.baselineSearch)}`,
        `${engine}: contests list of ${CONTESTS.toLocaleString('en')} contests: ${ms(contests.list)}; baseline: ${ms(contests.baselineList)}`,
        `${engine}: entry counts of ${CONTESTS.toLocaleString('en')} contests: ${ms(contests.counts)}; baseline: ${ms(contests.baselineCounts)}`,
        `${engine}: server peak RSS over the whole run (VmHWM): ${serverHwmMb.toFixed(0)} MB`,
      ];
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportBigData(await benchBigData())) console.log(line);
}
