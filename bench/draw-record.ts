/**
 * The verifiable draw through the API on the embedded database (issue 13): drawing 100 winners
 * from 100,000 entries (the first draw freezes them: every id read and hashed), and serving the
 * public record of that draw (100,000 leaves) compressed, as a browser asks for it. Each beside
 * the owner's CSV export of the same contest, which also reads and sends every entry once,
 * measured in the same run and interleaved (A, B, A, B).
 */
import { request } from 'node:http';
import { addContestWithEntries, startAppWithContest } from './lib/in-process-app.ts';
import { median } from './lib/stats.ts';

const ENTRIES = 100_000;
const WINNERS = 100;
/** Each round draws a fresh contest: a draw can only freeze once. */
const ROUNDS = 3;

type Answer = {
  ms: number;
  /** This process's CPU time over the request: the server and its embedded database run here. */
  cpuMs: number;
  status: number;
  bytes: number;
  encoding: string | undefined;
};

/** One request, timed to its last byte; `bytes` as sent on the wire (still compressed). */
function timedRequest(
  url: string,
  options: { method?: string; cookie: string; body?: unknown },
): Promise<Answer> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          cookie: options.cookie,
          'accept-encoding': 'br, gzip',
          origin: new URL(url).origin,
          ...(body && { 'content-type': 'application/json' }),
        },
      },
      (incoming) => {
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
        incoming.on('end', () =>
          resolve({
            ms: performance.now() - started,
            cpuMs: cpuMsSince(cpu),
            status: incoming.statusCode ?? 0,
            bytes,
            encoding: incoming.headers['content-encoding'],
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export type DrawRecordResult = {
  entries: number;
  winners: number;
  rounds: number;
  drawMs: number;
  drawCpuMs: number;
  recordMs: number;
  recordCpuMs: number;
  recordBytes: number;
  recordEncoding: string;
  exportMs: number;
  exportCpuMs: number;
  exportBytes: number;
};

export async function benchDrawRecord(): Promise<DrawRecordResult> {
  const app = await startAppWithContest();
  try {
    const { name, value } = await app.ownerCookie();
    const cookie = `${name}=${value}`;
    const draws: Answer[] = [];
    const records: Answer[] = [];
    const exports: Answer[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const contestId = await addContestWithEntries(app, ENTRIES);
      const base = `${app.url}/api/contests/${contestId}`;
      exports.push(await timedRequest(`${base}/entries/export`, { cookie }));
      const draw = await timedRequest(`${base}/draws`, {
        method: 'POST',
        cookie,
        body: { count: WINNERS },
      });
      if (draw.status !== 200) throw new Error(`the draw answered ${draw.status}`);
      draws.push(draw);
      for (let read = 0; read < 2; read += 1) {
        records.push(await timedRequest(`${base}/draw-record`, { cookie: '' }));
        exports.push(await timedRequest(`${base}/entries/export`, { cookie }));
      }
    }
    return {
      entries: ENTRIES,
      winners: WINNERS,
      rounds: ROUNDS,
      drawMs: median(draws.map((answer) => answer.ms)),
      drawCpuMs: median(draws.map((answer) => answer.cpuMs)),
      recordMs: median(records.map((answer) => answer.ms)),
      recordCpuMs: median(records.map((answer) => answer.cpuMs)),
      recordBytes: median(records.map((answer) => answer.bytes)),
      recordEncoding: records[0]?.encoding ?? 'identity',
      exportMs: median(exports.map((answer) => answer.ms)),
      exportCpuMs: median(exports.map((answer) => answer.cpuMs)),
      exportBytes: median(exports.map((answer) => answer.bytes)),
    };
  } finally {
    await app.close();
  }
}

export function reportDrawRecord(result: DrawRecordResult): string[] {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
  return [
    `${result.winners} winners from ${result.entries.toLocaleString('en-US')} entries on PGlite, through the API; medians of ${result.rounds} contests, interleaved with the owner's CSV export of the same contest:`,
    `- POST /draws {count: ${result.winners}} (freeze, hash, draw, write, answer the record): ${result.drawMs.toFixed(0)} ms, ${result.drawCpuMs.toFixed(0)} ms CPU (budget 1,000 ms)`,
    `- GET /draw-record: ${result.recordMs.toFixed(0)} ms, ${result.recordCpuMs.toFixed(0)} ms CPU, ${mb(result.recordBytes)} on the wire (${result.recordEncoding}) (budget 500 ms, 4 MB)`,
    `- baseline, GET /entries/export of the same contest: ${result.exportMs.toFixed(0)} ms, ${result.exportCpuMs.toFixed(0)} ms CPU, ${mb(result.exportBytes)} on the wire`,
    `- ratios to the export: the draw ${(result.drawCpuMs / result.exportCpuMs).toFixed(2)}x its CPU, the record ${(result.recordCpuMs / result.exportCpuMs).toFixed(2)}x`,
  ];
}
