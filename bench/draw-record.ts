/**
 * The verifiable draw through the API on the embedded database (issue 13): drawing 100 winners
 * from 100,000 entries (the first draw freezes them: every id read and hashed), and serving the
 * public record of that draw (100,000 leaves) compressed, as a browser asks for it. Each beside
 * the owner's CSV export of the same contest, which also reads and sends every entry once,
 * measured in the same run and interleaved (A, B, A, B).
 */
import { addContestWithEntries, startAppWithContest } from './lib/in-process-app.ts';
import { median } from './lib/stats.ts';
import { timedRequest, type TimedAnswer } from './lib/timed-request.ts';

const ENTRIES = 100_000;
const WINNERS = 100;
/** Each round draws a fresh contest: a draw can only freeze once. */
const ROUNDS = 3;

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
    const draws: TimedAnswer[] = [];
    const records: TimedAnswer[] = [];
    const exports: TimedAnswer[] = [];
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
      // The first read after the draw builds the record; later ones are served from memory
      // (draw-record-cache.ts measures both).
      records.push(await timedRequest(`${base}/draw-record`, {}));
      exports.push(await timedRequest(`${base}/entries/export`, { cookie }));
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
    `- GET /draw-record, the first after the draw (built): ${result.recordMs.toFixed(0)} ms, ${result.recordCpuMs.toFixed(0)} ms CPU, ${mb(result.recordBytes)} on the wire (${result.recordEncoding}) (budget 500 ms, 4 MB)`,
    `- baseline, GET /entries/export of the same contest: ${result.exportMs.toFixed(0)} ms, ${result.exportCpuMs.toFixed(0)} ms CPU, ${mb(result.exportBytes)} on the wire`,
    `- ratios to the export: the draw ${(result.drawCpuMs / result.exportCpuMs).toFixed(2)}x its CPU, the record ${(result.recordCpuMs / result.exportCpuMs).toFixed(2)}x`,
  ];
}
