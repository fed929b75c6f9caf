import { load } from '../entries.ts';
import { checkOutRevision, type EarlierRevision } from './earlier-revision.ts';
import { interleaveRounds, ROUND_TIMING } from './interleave.ts';
import { createContest, withBothServers, type RunningApp } from './prizewheel-process.ts';
import { cpuMs } from './processes.ts';
import { median } from './stats.ts';

/**
 * The entry path of this checkout against an earlier revision (built from git into a temporary
 * worktree): POST entry on one hot contest, 50 connections, both servers running at once and
 * taking turns, A, B, A, B, ..., on PostgreSQL and then on PGlite; figures are medians of the
 * rounds. Each issue's benchmark says what its contest and its entries hold.
 */
export type EntryPathComparison = {
  beforeRevision: string;
  /** What the earlier side is called in the report ("before issue 27"). */
  beforeLabel: string;
  env?: Record<string, string>;
  /** The contest each round creates (the earlier revision ignores fields it does not know). */
  contestSettings: Record<string, unknown>;
  load?: Parameters<typeof load>[3];
  /** Entries/s at least, CPU per 1,000 entries at most, as ratios to the earlier side. */
  targets: { throughputFloor: number; cpuCeiling: number };
};

type Engine = 'postgres' | 'pglite';
type Round = { perSecond: number; cpuMsPer1000: number; p99: number };
type Side = { label: string; app: RunningApp };
export type ComparisonSide = { label: string; rounds: Round[] };
export type ComparisonResult = Record<Engine, { before: ComparisonSide; after: ComparisonSide }>;

async function compare(engine: Engine, before: EarlierRevision, setup: EntryPathComparison) {
  const measure = async (side: Side, seconds: number): Promise<Round> => {
    const contestId = await createContest(side.app, 10_000_000, setup.contestSettings);
    const cpuBefore = cpuMs(side.app.pid);
    const result = await load(side.app.url, contestId, seconds, setup.load);
    const cpu = cpuMs(side.app.pid) - cpuBefore;
    console.error(
      `[bench] ${side.label}: ${result.accepted} entries in ${seconds} s, ${result.perSecond.toFixed(0)}/s`,
    );
    return {
      perSecond: result.perSecond,
      cpuMsPer1000: (cpu / Math.max(1, result.accepted)) * 1000,
      p99: result.p99,
    };
  };
  return withBothServers(engine, before, setup.env ?? {}, async (beforeApp, afterApp) => {
    const sides: [Side, Side] = [
      { label: `${setup.beforeLabel} (${setup.beforeRevision})`, app: beforeApp },
      { label: 'this checkout', app: afterApp },
    ];
    const [beforeRounds, afterRounds] = await interleaveRounds(sides, measure, ROUND_TIMING);
    return {
      before: { label: sides[0].label, rounds: beforeRounds },
      after: { label: sides[1].label, rounds: afterRounds },
    };
  });
}

export async function compareEntryPath(setup: EntryPathComparison): Promise<ComparisonResult> {
  const before = checkOutRevision(setup.beforeRevision);
  try {
    return {
      postgres: await compare('postgres', before, setup),
      pglite: await compare('pglite', before, setup),
    };
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

export function reportEntryPath(
  result: ComparisonResult,
  targets: EntryPathComparison['targets'],
): string[] {
  return (['postgres', 'pglite'] as const).flatMap((engine) => {
    const { before, after } = result[engine];
    const a = summarize(before.rounds);
    const b = summarize(after.rounds);
    const throughput = b.perSecond / a.perSecond;
    const cpu = b.cpuMsPer1000 / a.cpuMsPer1000;
    const line = (side: ComparisonSide, figures: typeof a) =>
      `${engine}, ${side.label}: median ${figures.perSecond.toFixed(0)} entries/s, CPU per 1,000 entries ${figures.cpuMsPer1000.toFixed(0)} ms, p99 ${figures.p99} ms (rounds: ${side.rounds.map((round) => `${round.perSecond.toFixed(0)}/s ${round.cpuMsPer1000.toFixed(0)} ms`).join(', ')})`;
    return [
      line(before, a),
      line(after, b),
      `${engine}: this checkout / before: ${throughput.toFixed(3)}x entries/s (target >= ${targets.throughputFloor}: ${verdict(throughput >= targets.throughputFloor)}), ${cpu.toFixed(3)}x CPU per 1,000 entries (target <= ${targets.cpuCeiling}: ${verdict(cpu <= targets.cpuCeiling)})`,
    ];
  });
}
