/**
 * What the durable mail queue costs the entry path (issue 26): POST entry on one hot contest that
 * asks entrants to confirm (each entry mails its link), 50 connections, the server as it was
 * before the queue (BEFORE_REVISION, built from git into a temporary worktree: it mailed after
 * the answer, in-process) against this checkout (the entry, its mail row and its send job in the
 * batch's transaction, a worker sending). Both run at once, on PostgreSQL and then on PGlite, and
 * take turns, A, B, A, B, ...; figures are medians of the rounds. Without SMTP: both hand their
 * mails to the outbox, so the figures are the queue's own cost, not a relay's.
 * CPU per 1,000 acknowledged entries counts the server process from the round's start until
 * every mail of the round has been handed over (this checkout: none left queued; before: its
 * mails are written right after each answer), so the worker's work is in it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { load } from './entries.ts';
import { checkOutRevision, type EarlierRevision } from './lib/earlier-revision.ts';
import { interleaveRounds, ROUND_TIMING } from './lib/interleave.ts';
import { createContest, withBothServers, type RunningApp } from './lib/prizewheel-process.ts';
import { cpuMs, residentMb, startPeakMemory } from './lib/processes.ts';
import { median } from './lib/stats.ts';

/** The last commit before the durable queue (issue 16's closing commit). */
const BEFORE_REVISION = process.env.BENCH_QUEUE_BEFORE_REVISION ?? '9579478';
/** Issue 26: entries/s within 5%, CPU per 1,000 entries within 10%, PGlite at or under 250 MB. */
export const QUEUE_THROUGHPUT_FLOOR = 0.95;
export const QUEUE_CPU_CEILING = 1.1;
export const QUEUE_PGLITE_RSS_MB = 250;

type Engine = 'postgres' | 'pglite';
type Round = { perSecond: number; cpuMsPer1000: number; p99: number; peakRssMb: number };
type Side = { label: string; app: RunningApp; hasQueue: boolean };
export type QueueSideResult = { label: string; rounds: Round[] };
export type QueueBenchResult = Record<Engine, { before: QueueSideResult; after: QueueSideResult }>;

/** Mails of this checkout not yet handed over (the admin's Mail tab, as JSON). */
async function waitingMails(app: RunningApp): Promise<number> {
  const response = await fetch(`${app.url}/api/admin/mail-queue`, {
    headers: { cookie: app.cookie },
  });
  const body = (await response.json()) as { last24Hours: { queued: number; retrying: number } };
  return body.last24Hours.queued + body.last24Hours.retrying;
}

async function waitForMails(side: Side) {
  if (!side.hasQueue) {
    // The old server writes each mail as soon as its answer has left.
    await sleep(200);
    return;
  }
  const deadline = Date.now() + 120_000;
  while ((await waitingMails(side.app)) > 0) {
    if (Date.now() > deadline) throw new Error(`${side.label}: mails still queued after 2 min`);
    await sleep(100);
  }
}

async function measure(side: Side, seconds: number): Promise<Round> {
  const contestId = await createContest(side.app, 10_000_000, { requireConfirmation: true });
  const cpuBefore = cpuMs(side.app.pid);
  const peak = startPeakMemory(side.app.pid);
  const result = await load(side.app.url, contestId, seconds);
  await waitForMails(side);
  const cpu = cpuMs(side.app.pid) - cpuBefore;
  console.error(
    `[bench] ${side.label}: ${result.accepted} entries in ${seconds} s, ${result.perSecond.toFixed(0)}/s`,
  );
  return {
    perSecond: result.perSecond,
    cpuMsPer1000: (cpu / Math.max(1, result.accepted)) * 1000,
    p99: result.p99,
    peakRssMb: peak(),
  };
}

async function compare(engine: Engine, before: EarlierRevision) {
  return withBothServers(engine, before, {}, async (beforeApp, afterApp) => {
    const sides: [Side, Side] = [
      { label: `before the queue (${BEFORE_REVISION})`, app: beforeApp, hasQueue: false },
      { label: 'with the queue', app: afterApp, hasQueue: true },
    ];
    const [beforeRounds, afterRounds] = await interleaveRounds(sides, measure, ROUND_TIMING);
    // The whole life's peak of the server with the queue (its start included).
    const lifePeak = residentMb(afterApp.pid, 'VmHWM');
    return {
      before: { label: sides[0].label, rounds: beforeRounds },
      after: {
        label: `${sides[1].label} (life peak ${lifePeak.toFixed(0)} MB)`,
        rounds: afterRounds,
      },
    };
  });
}

export async function benchEntriesQueue(): Promise<QueueBenchResult> {
  const before = checkOutRevision(BEFORE_REVISION);
  try {
    return { postgres: await compare('postgres', before), pglite: await compare('pglite', before) };
  } finally {
    before.remove();
  }
}

const summarize = (rounds: Round[]) => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  cpuMsPer1000: median(rounds.map((round) => round.cpuMsPer1000)),
  p99: median(rounds.map((round) => round.p99)),
  peakRssMb: Math.max(...rounds.map((round) => round.peakRssMb)),
});

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function reportEntriesQueue(result: QueueBenchResult): string[] {
  return (['postgres', 'pglite'] as const).flatMap((engine) => {
    const { before, after } = result[engine];
    const a = summarize(before.rounds);
    const b = summarize(after.rounds);
    const throughput = b.perSecond / a.perSecond;
    const cpu = b.cpuMsPer1000 / a.cpuMsPer1000;
    const line = (side: QueueSideResult, figures: typeof a) =>
      `${engine}, ${side.label}: median ${figures.perSecond.toFixed(0)} entries/s, CPU per 1,000 entries and their mails ${figures.cpuMsPer1000.toFixed(0)} ms, p99 ${figures.p99} ms, peak RSS in the rounds ${figures.peakRssMb.toFixed(0)} MB (rounds: ${side.rounds.map((round) => `${round.perSecond.toFixed(0)}/s ${round.cpuMsPer1000.toFixed(0)} ms`).join(', ')})`;
    const lines = [
      line(before, a),
      line(after, b),
      `${engine}: with the queue / before: ${throughput.toFixed(3)}x entries/s (target >= ${QUEUE_THROUGHPUT_FLOOR}: ${verdict(throughput >= QUEUE_THROUGHPUT_FLOOR)}), ${cpu.toFixed(3)}x CPU per 1,000 entries (target <= ${QUEUE_CPU_CEILING}: ${verdict(cpu <= QUEUE_CPU_CEILING)})`,
    ];
    if (engine === 'pglite') {
      lines.push(
        `pglite with the queue: peak RSS in the rounds ${b.peakRssMb.toFixed(0)} MB (target <= ${QUEUE_PGLITE_RSS_MB} MB: ${verdict(b.peakRssMb <= QUEUE_PGLITE_RSS_MB)})`,
      );
    }
    return lines;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportEntriesQueue(await benchEntriesQueue())) console.log(line);
}
