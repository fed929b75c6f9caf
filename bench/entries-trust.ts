/**
 * What the trusted-leads checks cost the entry path (issue 14): POST entry on one hot contest,
 * 50 connections, on PostgreSQL, the server as it was before the checks (BEFORE_REVISION, built
 * from git into a temporary worktree) against the server of this checkout with every check on
 * (RATE_LIMIT=on: the per-address and per-domain counts inside the group commit). Both are
 * deployed alike, behind one balancer (TRUST_PROXY=on) that reports each entrant's address, one
 * of 1,000 (so some cross the flag threshold). Both run at once on one PostgreSQL and take
 * turns, A, B, A, B, ...; the figures are medians of the rounds.
 * Beside entries/s (which swings with whatever else the machine does), the CPU per 1,000
 * acknowledged entries of the server process and of PostgreSQL (the whole cluster: only the
 * side under load uses it during its round).
 */
import pg from 'pg';
import { load, type LoadResult } from './entries.ts';
import { checkOutRevision } from './lib/earlier-revision.ts';
import { interleaveRounds, ROUND_TIMING } from './lib/interleave.ts';
import { createContest, startPrizewheel, type RunningApp } from './lib/prizewheel-process.ts';
import { cpuMs, postgresCpuMs, postgresServerUrl } from './lib/processes.ts';
import { median } from './lib/stats.ts';

/** The last commit before the trusted-leads checks (issue 13's closing commit). */
const BEFORE_REVISION = process.env.BENCH_BEFORE_REVISION ?? '7b9fb10';
const CLIENT_ADDRESSES = 1000;
/** Issue 14: within 10% of the throughput before the checks, in the same run. */
export const TRUST_THROUGHPUT_FLOOR = 0.9;

type Side = { label: string; app: RunningApp; headersFor?: LoadHeaders };
type LoadHeaders = () => Record<string, string>;
type Round = {
  perSecond: number;
  /** Write transactions per 1,000 acknowledged entries: the group commit's batches. */
  batchesPer1000: number;
  cpuMsPer1000: number;
  databaseCpuMsPer1000: number;
  p99: number;
  statuses: LoadResult['statuses'];
};

export type TrustBenchResult = {
  before: { label: string; rounds: Round[] };
  after: { label: string; rounds: Round[] };
};

/**
 * Each round enters a contest of its own: the per-address counts are per contest and hour, and
 * a fast round on one contest would otherwise carry the earlier rounds' counts past the refusal
 * threshold (a measure of 429 answers, not of entries).
 */
/**
 * The cluster's next transaction id: every transaction that writes takes one, so the difference
 * over a round counts the batches of the side under load (and the few writes of the other, idle
 * one). Read without taking one, and at once (the statistics views lag by up to seconds).
 */
async function nextTransactionId(cluster: pg.Client): Promise<number> {
  const { rows } = await cluster.query<{ next: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as next',
  );
  return Number(rows[0]!.next);
}

async function measure(side: Side, seconds: number, cluster: pg.Client): Promise<Round> {
  const contestId = await createContest(side.app, 10_000_000);
  const cpuBefore = cpuMs(side.app.pid);
  const databaseCpuBefore = postgresCpuMs();
  const transactionsBefore = await nextTransactionId(cluster);
  const result = await load(side.app.url, contestId, seconds, { headersFor: side.headersFor });
  const cpu = cpuMs(side.app.pid) - cpuBefore;
  const databaseCpu = postgresCpuMs() - databaseCpuBefore;
  const transactions = (await nextTransactionId(cluster)) - transactionsBefore;
  const perThousand = (amount: number) => (amount / Math.max(1, result.accepted)) * 1000;
  return {
    perSecond: result.perSecond,
    batchesPer1000: perThousand(transactions),
    cpuMsPer1000: perThousand(cpu),
    databaseCpuMsPer1000: perThousand(databaseCpu),
    p99: result.p99,
    statuses: result.statuses,
  };
}

export async function benchEntriesTrust(): Promise<TrustBenchResult> {
  const before = checkOutRevision(BEFORE_REVISION);
  let address = 0;
  const forwardedFor: LoadHeaders = () => {
    address = (address + 1) % CLIENT_ADDRESSES;
    return { 'x-forwarded-for': `198.51.${Math.floor(address / 250)}.${address % 250}` };
  };
  // The same deployment for both: behind one balancer that reports each entrant's address.
  const beforeApp = await startPrizewheel('postgres', {
    tree: before.tree,
    serverArgs: [before.bundle],
    env: { RATE_LIMIT: 'on', TRUST_PROXY: 'on' },
  });
  const afterApp = await startPrizewheel('postgres', {
    env: { RATE_LIMIT: 'on', TRUST_PROXY: 'on' },
  });
  const cluster = new pg.Client({ connectionString: postgresServerUrl });
  await cluster.connect();
  try {
    const sides: [Side, Side] = [
      {
        label: `before the checks (${BEFORE_REVISION})`,
        app: beforeApp,
        headersFor: forwardedFor,
      },
      {
        label: 'with the checks (RATE_LIMIT=on, 1,000 client addresses)',
        app: afterApp,
        headersFor: forwardedFor,
      },
    ];
    const [beforeRounds, afterRounds] = await interleaveRounds(
      sides,
      (side, seconds) => measure(side, seconds, cluster),
      ROUND_TIMING,
    );
    return {
      before: { label: sides[0].label, rounds: beforeRounds },
      after: { label: sides[1].label, rounds: afterRounds },
    };
  } finally {
    await cluster.end();
    await beforeApp.dispose();
    await afterApp.dispose();
    before.remove();
  }
}

const summarize = (rounds: Round[]) => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  batchesPer1000: median(rounds.map((round) => round.batchesPer1000)),
  cpuMsPer1000: median(rounds.map((round) => round.cpuMsPer1000)),
  databaseCpuMsPer1000: median(rounds.map((round) => round.databaseCpuMsPer1000)),
  p99: median(rounds.map((round) => round.p99)),
});

export function reportEntriesTrust(result: TrustBenchResult): string[] {
  const before = summarize(result.before.rounds);
  const after = summarize(result.after.rounds);
  const ratio = after.perSecond / before.perSecond;
  const line = (label: string, figures: typeof before, rounds: Round[]) =>
    `${label}: median ${figures.perSecond.toFixed(0)} entries/s, CPU per 1,000 entries: server ${figures.cpuMsPer1000.toFixed(0)} ms, PostgreSQL ${figures.databaseCpuMsPer1000.toFixed(0)} ms, p99 ${figures.p99} ms, ${figures.batchesPer1000.toFixed(0)} batches (write transactions) per 1,000 entries (rounds: ${rounds.map((round) => round.perSecond.toFixed(0)).join(', ')} entries/s)`;
  const refused = result.after.rounds.reduce((sum, round) => sum + (round.statuses['429'] ?? 0), 0);
  return [
    line(result.before.label, before, result.before.rounds),
    line(result.after.label, after, result.after.rounds),
    `with the checks / before: ${ratio.toFixed(2)}x entries/s; CPU per entry ${(after.cpuMsPer1000 / before.cpuMsPer1000).toFixed(2)}x on the server, ${(after.databaseCpuMsPer1000 / before.databaseCpuMsPer1000).toFixed(2)}x in PostgreSQL; 429 answers with the checks: ${refused}`,
    `target: >= ${TRUST_THROUGHPUT_FLOOR}x the throughput before the checks: ${ratio >= TRUST_THROUGHPUT_FLOOR ? 'met' : 'MISSED'}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportEntriesTrust(await benchEntriesTrust())) console.log(line);
}
