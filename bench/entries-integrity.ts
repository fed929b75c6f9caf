/**
 * What issue 27's integrity work costs the entry path: POST entry on one hot contest with
 * referrals on (the same-network and proven-friend rules run per batch), 50 connections, behind
 * a balancer that reports one of 1,000 client addresses per entry, half IPv4 and half IPv6 in
 * 250 /48s (so the /56 and /48 counts run), every limit on (RATE_LIMIT=on). The server as it was
 * before the issue (BEFORE_REVISION, built from git into a temporary worktree) against this
 * checkout, on PostgreSQL and then on PGlite; both run at once and take turns, A, B, A, B, ...;
 * figures are medians of the rounds. Entries come as an API client sends them (no form token).
 * BENCH_IPV6=off sends IPv4 clients only, to tell the IPv6 networks' share of the cost.
 */
import { load } from './entries.ts';
import { checkOutRevision, type EarlierRevision } from './lib/earlier-revision.ts';
import { interleaveRounds, ROUND_TIMING } from './lib/interleave.ts';
import { createContest, withBothServers, type RunningApp } from './lib/prizewheel-process.ts';
import { cpuMs } from './lib/processes.ts';
import { median } from './lib/stats.ts';

/** The last commit before issue 27's work (issue 26's queue bench). */
const BEFORE_REVISION = process.env.BENCH_INTEGRITY_BEFORE_REVISION ?? '95b6d7e';
const CLIENT_ADDRESSES = 1000;
/** Issue 27: entries/s within 5%, CPU per 1,000 entries within 10%. */
export const INTEGRITY_THROUGHPUT_FLOOR = 0.95;
export const INTEGRITY_CPU_CEILING = 1.1;

type Engine = 'postgres' | 'pglite';
type Round = { perSecond: number; cpuMsPer1000: number; p99: number };
type Side = { label: string; app: RunningApp };
export type IntegritySideResult = { label: string; rounds: Round[] };
export type IntegrityBenchResult = Record<
  Engine,
  { before: IntegritySideResult; after: IntegritySideResult }
>;

let address = 0;
/** One of 1,000 clients: even ones IPv4, odd ones IPv6 (four /64s in each of 125 /48s). */
function forwardedFor(): Record<string, string> {
  address = (address + 1) % CLIENT_ADDRESSES;
  const client =
    address % 2 === 0 || process.env.BENCH_IPV6 === 'off'
      ? `198.51.${Math.floor(address / 250)}.${address % 250}`
      : `2001:db8:${(address % 125).toString(16)}:${(address % 4).toString(16)}::1`;
  return { 'x-forwarded-for': client };
}

async function measure(side: Side, seconds: number): Promise<Round> {
  const contestId = await createContest(side.app, 10_000_000, { referralBonus: 1 });
  const cpuBefore = cpuMs(side.app.pid);
  const result = await load(side.app.url, contestId, seconds, { headersFor: forwardedFor });
  const cpu = cpuMs(side.app.pid) - cpuBefore;
  console.error(
    `[bench] ${side.label}: ${result.accepted} entries in ${seconds} s, ${result.perSecond.toFixed(0)}/s`,
  );
  return {
    perSecond: result.perSecond,
    cpuMsPer1000: (cpu / Math.max(1, result.accepted)) * 1000,
    p99: result.p99,
  };
}

async function compare(engine: Engine, before: EarlierRevision) {
  const env = { RATE_LIMIT: 'on', TRUST_PROXY: 'on' };
  return withBothServers(engine, before, env, async (beforeApp, afterApp) => {
    const sides: [Side, Side] = [
      { label: `before issue 27 (${BEFORE_REVISION})`, app: beforeApp },
      { label: 'this checkout', app: afterApp },
    ];
    const [beforeRounds, afterRounds] = await interleaveRounds(sides, measure, ROUND_TIMING);
    return {
      before: { label: sides[0].label, rounds: beforeRounds },
      after: { label: sides[1].label, rounds: afterRounds },
    };
  });
}

export async function benchEntriesIntegrity(): Promise<IntegrityBenchResult> {
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
});

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function reportEntriesIntegrity(result: IntegrityBenchResult): string[] {
  return (['postgres', 'pglite'] as const).flatMap((engine) => {
    const { before, after } = result[engine];
    const a = summarize(before.rounds);
    const b = summarize(after.rounds);
    const throughput = b.perSecond / a.perSecond;
    const cpu = b.cpuMsPer1000 / a.cpuMsPer1000;
    const line = (side: IntegritySideResult, figures: typeof a) =>
      `${engine}, ${side.label}: median ${figures.perSecond.toFixed(0)} entries/s, CPU per 1,000 entries ${figures.cpuMsPer1000.toFixed(0)} ms, p99 ${figures.p99} ms (rounds: ${side.rounds.map((round) => `${round.perSecond.toFixed(0)}/s ${round.cpuMsPer1000.toFixed(0)} ms`).join(', ')})`;
    return [
      line(before, a),
      line(after, b),
      `${engine}: this checkout / before: ${throughput.toFixed(3)}x entries/s (target >= ${INTEGRITY_THROUGHPUT_FLOOR}: ${verdict(throughput >= INTEGRITY_THROUGHPUT_FLOOR)}), ${cpu.toFixed(3)}x CPU per 1,000 entries (target <= ${INTEGRITY_CPU_CEILING}: ${verdict(cpu <= INTEGRITY_CPU_CEILING)})`,
    ];
  });
}
