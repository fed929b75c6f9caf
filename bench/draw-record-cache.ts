/**
 * GET /draw-record of a draw from 100,000 entries (issue 27, item 9), on PostgreSQL and on
 * PGlite: the record built (a version of the draw this process has not served, forced by moving
 * a record field as any change of the draw does), served from memory, and a browser's copy
 * confirmed (304). Beside them, the same compressed bytes sent by a bare node:http server: what
 * any server pays to send them, and the client in this process to read them. Interleaved in each
 * round (built, from memory, confirmed, bare), medians of the rounds.
 *
 * CPU is this process's (process.cpuUsage: the app, PGlite when it is the database, and the
 * client reading the answers) and, on PostgreSQL, that of the backends of the app's own
 * database (/proc, in 10 ms ticks: hence a window of many requests for the small figures).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { contests } from '#server/db/schema.ts';
import { recordCompression } from '#server/features/draws/record-cache.ts';
import { readDrawRecord } from '#server/features/draws/record.ts';
import { EncodedJson } from '#server/lib/encoded-json.ts';
import { addContestWithEntries, startAppWithContest } from './lib/in-process-app.ts';
import { databaseBackends, postgresServerUrl, startCpuWindow } from './lib/processes.ts';
import { median } from './lib/stats.ts';
import { cpuMsSince, timedRequest, type TimedAnswer } from './lib/timed-request.ts';

const ENTRIES = 100_000;
const WINNERS = 100;
const ROUNDS = 5;
/** Requests per window for the answers from memory, the 304s and the bare server's. */
const READS = 100;

type Engine = 'postgres' | 'pglite';

/** Per request, the median of the rounds. */
type Figures = {
  ms: number;
  /** This process's CPU. */
  cpuMs: number;
  /** The CPU of the app's PostgreSQL backends; null on PGlite. */
  databaseCpuMs: number | null;
  bytes: number;
};

type Window = { ms: number; cpuMs: number; databaseCpuMs: number | null; bytes: number };

export type DrawRecordCacheSide = {
  engine: Engine;
  encoding: string;
  built: Figures;
  cached: Figures;
  confirmed: Figures;
  bare: Figures;
};

export type DrawRecordCacheResult = {
  entries: number;
  winners: number;
  rounds: number;
  reads: number;
  sides: DrawRecordCacheSide[];
};

function expectStatus(answer: TimedAnswer, status: number, what: string) {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}`);
}

/** `count` requests one after another, measured as one window: figures per request. */
async function measureWindow(
  count: number,
  send: () => Promise<TimedAnswer>,
  startDatabaseCpu: (() => Promise<() => Promise<{ ms: number }>>) | null,
): Promise<Window> {
  const endDatabase = await startDatabaseCpu?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  for (let sent = 0; sent < count; sent += 1) bytes += (await send()).bytes;
  const ms = (performance.now() - started) / count;
  const cpuMs = cpuMsSince(cpu) / count;
  const databaseCpuMs = endDatabase ? (await endDatabase()).ms / count : null;
  return { ms, cpuMs, databaseCpuMs, bytes: bytes / count };
}

const mediansOf = (windows: Window[]): Figures => ({
  ms: median(windows.map((window) => window.ms)),
  cpuMs: median(windows.map((window) => window.cpuMs)),
  databaseCpuMs:
    windows[0]?.databaseCpuMs === null ? null : median(windows.map((w) => w.databaseCpuMs!)),
  bytes: median(windows.map((window) => window.bytes)),
});

/** A bare node:http server that answers every request with these bytes, as the app sends them. */
async function startBareServer(
  body: Buffer,
  etag: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      'content-length': body.length,
      etag,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function benchSide(engine: Engine): Promise<DrawRecordCacheSide> {
  const app = await startAppWithContest(engine);
  const cluster = app.databaseUrl ? new pg.Client(postgresServerUrl) : undefined;
  await cluster?.connect();
  try {
    const startDatabaseCpu =
      cluster && app.databaseUrl
        ? () => startCpuWindow(databaseBackends(cluster, app.databaseUrl!))
        : null;
    const { name, value } = await app.ownerCookie();
    const contestId = await addContestWithEntries(app, ENTRIES);
    const url = `${app.url}/api/contests/${contestId}/draw-record`;
    const draw = await timedRequest(`${app.url}/api/contests/${contestId}/draws`, {
      method: 'POST',
      cookie: `${name}=${value}`,
      body: { count: WINNERS },
    });
    expectStatus(draw, 200, 'the draw');
    const asBrowser = { 'accept-encoding': 'br' };
    const json = JSON.stringify(await readDrawRecord({ db: app.db }, contestId));
    const encoded = new EncodedJson(json, recordCompression, () => {});
    const bare = await startBareServer(await encoded.body('br'), `"${encoded.tag}-br"`);
    const windows = { built: [] as Window[], cached: [] as Window[], confirmed: [] as Window[] };
    const bareWindows: Window[] = [];
    let encoding = 'identity';
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        // A record field moves by a millisecond: a version this process has never built.
        await app.db
          .update(contests)
          .set({ committedAt: sql`${contests.committedAt} + interval '1 millisecond'` })
          .where(eq(contests.id, contestId));
        let etag = '';
        windows.built.push(
          await measureWindow(
            1,
            async () => {
              const answer = await timedRequest(url, { headers: asBrowser });
              expectStatus(answer, 200, 'the record built');
              etag = answer.etag!;
              encoding = answer.encoding ?? 'identity';
              return answer;
            },
            startDatabaseCpu,
          ),
        );
        windows.cached.push(
          await measureWindow(
            READS,
            async () => {
              const answer = await timedRequest(url, { headers: asBrowser });
              expectStatus(answer, 200, 'the record from memory');
              if (answer.etag !== etag) throw new Error('the record changed between reads');
              return answer;
            },
            startDatabaseCpu,
          ),
        );
        windows.confirmed.push(
          await measureWindow(
            READS,
            async () => {
              const answer = await timedRequest(url, {
                headers: { ...asBrowser, 'if-none-match': etag },
              });
              expectStatus(answer, 304, 'the copy confirmed');
              return answer;
            },
            startDatabaseCpu,
          ),
        );
        bareWindows.push(
          await measureWindow(READS, () => timedRequest(bare.url, { headers: asBrowser }), null),
        );
      }
    } finally {
      bare.server.close();
    }
    return {
      engine,
      encoding,
      built: mediansOf(windows.built),
      cached: mediansOf(windows.cached),
      confirmed: mediansOf(windows.confirmed),
      bare: mediansOf(bareWindows),
    };
  } finally {
    await cluster?.end();
    await app.close();
  }
}

export async function benchDrawRecordCache(): Promise<DrawRecordCacheResult> {
  return {
    entries: ENTRIES,
    winners: WINNERS,
    rounds: ROUNDS,
    reads: READS,
    sides: [await benchSide('postgres'), await benchSide('pglite')],
  };
}

const cpuOf = (figures: Figures) => figures.cpuMs + (figures.databaseCpuMs ?? 0);

function describe(figures: Figures): string {
  const size = figures.bytes > 0 ? `${(figures.bytes / 2 ** 20).toFixed(2)} MB` : 'no body';
  const database =
    figures.databaseCpuMs === null
      ? ''
      : ` (this process ${figures.cpuMs.toFixed(2)} ms, PostgreSQL ${figures.databaseCpuMs.toFixed(2)} ms)`;
  return `${figures.ms.toFixed(2)} ms, ${cpuOf(figures).toFixed(2)} ms CPU${database}, ${size}`;
}

export function reportDrawRecordCache(result: DrawRecordCacheResult): string[] {
  return [
    `GET /draw-record (Accept-Encoding: br) of ${result.winners} winners from ${result.entries.toLocaleString('en-US')} entries, over HTTP to the app in this process; medians of ${result.rounds} rounds, each a build then ${result.reads} reads from memory, ${result.reads} confirmed copies and ${result.reads} reads from a bare server, per request:`,
    ...result.sides.flatMap((side) => {
      const ownWork = cpuOf(side.cached) - cpuOf(side.bare);
      return [
        `${side.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}:`,
        `- baseline, built (a version this process has not served, as after any change of the draw): ${describe(side.built)} (${side.encoding})`,
        `- from memory: ${describe(side.cached)}`,
        `- a copy confirmed (If-None-Match, 304): ${describe(side.confirmed)}`,
        `- the same bytes from a bare node:http server (sending them, and this process reading them): ${describe(side.bare)}`,
        `- from memory less the bare server: ${ownWork.toFixed(2)} ms CPU of the app's own per request; a 304 ${cpuOf(side.confirmed).toFixed(2)} ms (target for a cached answer under 1 ms: ${Math.max(ownWork, cpuOf(side.confirmed)) < 1 ? 'met' : 'not met'})`,
        `- CPU against the build: from memory ${(cpuOf(side.cached) / cpuOf(side.built)).toFixed(3)}x, confirmed ${(cpuOf(side.confirmed) / cpuOf(side.built)).toFixed(3)}x`,
      ];
    }),
  ];
}
