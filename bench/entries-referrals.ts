/**
 * What referrals cost the entry path (issue 15): POST entry on one hot contest, 50 connections,
 * on PostgreSQL, one server, three kinds of round taking turns (a fresh contest each round, so
 * every side inserts into tables of the same size): a contest without referrals (as before
 * them), a contest with referrals on entered plainly (every entrant gets a code and a mail), and
 * the same with every entry carrying one referrer's code. Behind one balancer that reports each
 * entrant's address, one of 1,000, none the referrer's: every entry with the code is credited,
 * which the run checks. Medians of the rounds; beside entries/s, the server's CPU per 1,000
 * acknowledged entries, which holds still where throughput swings.
 */
import pg from 'pg';
import { load } from './entries.ts';
import { createContest, startPrizewheel, type RunningApp } from './lib/prizewheel-process.ts';
import { cpuMs } from './lib/processes.ts';
import { median } from './lib/stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 6);
const WARMUP_S = 2;
const CLIENT_ADDRESSES = 1000;
const REFERRAL_SETTINGS = { referralBonus: 3, referralCap: 1000 };
/** Issue 15: within 10% of plain entries, in the same run. */
export const REFERRAL_THROUGHPUT_FLOOR = 0.9;

type Round = { perSecond: number; cpuMsPer1000: number; p99: number; credited: number };
type Side = { label: string; rounds: Round[] };
export type ReferralBenchResult = { withoutReferrals: Side; plain: Side; referred: Side };
type Kind = keyof ReferralBenchResult;

const KINDS: Record<Kind, { label: string; referrals: boolean; withCode: boolean }> = {
  withoutReferrals: { label: 'a contest without referrals', referrals: false, withCode: false },
  plain: { label: 'referrals on, plain entries', referrals: true, withCode: false },
  referred: {
    label: "referrals on, every entry through one entrant's link",
    referrals: true,
    withCode: true,
  },
};

let address = 0;
const forwardedFor = () => {
  address = (address + 1) % CLIENT_ADDRESSES;
  return { 'x-forwarded-for': `198.51.${Math.floor(address / 250)}.${address % 250}` };
};

/** A referrer's entry (from an address no load entry uses), and its code. */
async function enterReferrer(app: RunningApp, contestId: string): Promise<string> {
  const response = await fetch(`${app.url}/api/contests/${contestId}/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
    body: JSON.stringify({ name: 'Rita Referrer', email: 'rita.referrer@example.net' }),
  });
  const receipt = (await response.json()) as { referral?: { code: string } };
  if (!receipt.referral) throw new Error(`referrer: ${response.status} without a referral code`);
  return receipt.referral.code;
}

async function countCredited(database: pg.Client, contestId: string): Promise<number> {
  const { rows } = await database.query<{ credited: number }>(
    'select count(*)::int as credited from contest_entries where contest_id = $1 and referred_by is not null',
    [contestId],
  );
  return rows[0]!.credited;
}

async function measure(
  app: RunningApp,
  database: pg.Client,
  kind: Kind,
  seconds: number,
): Promise<Round> {
  const { referrals, withCode } = KINDS[kind];
  const contestId = await createContest(app, 10_000_000, referrals ? REFERRAL_SETTINGS : {});
  const code = withCode ? await enterReferrer(app, contestId) : null;
  const cpuBefore = cpuMs(app.pid);
  const result = await load(app.url, contestId, seconds, {
    headersFor: forwardedFor,
    fields: code ? { ref: code } : {},
  });
  const cpu = cpuMs(app.pid) - cpuBefore;
  // Answers still in flight when the load stops finish on the server: let them.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    perSecond: result.perSecond,
    cpuMsPer1000: (cpu / Math.max(1, result.accepted)) * 1000,
    p99: result.p99,
    credited: (await countCredited(database, contestId)) / Math.max(1, result.accepted),
  };
}

export async function benchEntriesReferrals(): Promise<ReferralBenchResult> {
  const app = await startPrizewheel('postgres', { env: { TRUST_PROXY: 'on' } });
  const database = new pg.Client({ connectionString: app.databaseUrl });
  await database.connect();
  try {
    const kinds = Object.keys(KINDS) as Kind[];
    for (const kind of kinds) await measure(app, database, kind, WARMUP_S);
    const rounds: Record<Kind, Round[]> = { withoutReferrals: [], plain: [], referred: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate which goes first, so none always follows another's leftovers.
      const order = kinds.map((_, index) => kinds[(index + round) % kinds.length]!);
      for (const kind of order) rounds[kind].push(await measure(app, database, kind, ROUND_S));
    }
    const side = (kind: Kind): Side => ({ label: KINDS[kind].label, rounds: rounds[kind] });
    return {
      withoutReferrals: side('withoutReferrals'),
      plain: side('plain'),
      referred: side('referred'),
    };
  } finally {
    await database.end();
    await app.dispose();
  }
}

const summarize = (rounds: Round[]) => ({
  perSecond: median(rounds.map((round) => round.perSecond)),
  cpuMsPer1000: median(rounds.map((round) => round.cpuMsPer1000)),
  p99: median(rounds.map((round) => round.p99)),
});

export function reportEntriesReferrals(result: ReferralBenchResult): string[] {
  const without = summarize(result.withoutReferrals.rounds);
  const plain = summarize(result.plain.rounds);
  const referred = summarize(result.referred.rounds);
  const ratio = referred.perSecond / plain.perSecond;
  const line = (side: Side, figures: typeof plain) =>
    `${side.label}: median ${figures.perSecond.toFixed(0)} entries/s, server CPU per 1,000 entries ${figures.cpuMsPer1000.toFixed(0)} ms, p99 ${figures.p99} ms (rounds: ${side.rounds.map((round) => round.perSecond.toFixed(0)).join(', ')} entries/s)`;
  const allCredited = result.referred.rounds.every((round) => round.credited >= 0.999);
  return [
    line(result.withoutReferrals, without),
    line(result.plain, plain),
    line(result.referred, referred),
    `with a code / plain: ${ratio.toFixed(2)}x entries/s; server CPU per entry ${(referred.cpuMsPer1000 / plain.cpuMsPer1000).toFixed(2)}x; every acknowledged entry with a code credited its referrer: ${allCredited ? 'yes' : 'NO'}`,
    `with a code / a contest without referrals: ${(referred.perSecond / without.perSecond).toFixed(2)}x entries/s; server CPU per entry ${(referred.cpuMsPer1000 / without.cpuMsPer1000).toFixed(2)}x`,
    `target: >= ${REFERRAL_THROUGHPUT_FLOOR}x the throughput of plain entries: ${ratio >= REFERRAL_THROUGHPUT_FLOOR ? 'met' : 'MISSED'}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportEntriesReferrals(await benchEntriesReferrals())) console.log(line);
}
