/**
 * Claims (issue 29), through the deployed server on PostgreSQL:
 * - notices: "Draw all" of 100 winners from 100,000 entries with notifications, to a local SMTP
 *   relay: how long until all 100 notices are handed over, and the draw call's time beside the
 *   same draw of a contest that does not notify, interleaved (A, B, B, A, ...), a fresh contest
 *   per draw (a draw freezes its contest once);
 * - deadlines: 1,000 pending claims whose deadlines fall in the same minute, with two server
 *   instances on the database: each one's lag from its deadline to its handling (p50, p99, max),
 *   and that each place got exactly one replacement.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import { buildServerBundle, serverNodeFlags } from '#server/testing/server-bundle.ts';
import { seedEntries } from './lib/bulk-data.ts';
import { freePort } from './lib/in-process-app.ts';
import {
  createContest,
  openDirect,
  startPrizewheel,
  type RunningApp,
} from './lib/prizewheel-process.ts';
import { startProcess, stopProcess, waitForHttp } from './lib/processes.ts';
import { startSmtpSink } from './lib/smtp-sink-process.ts';
import { median, percentile } from './lib/stats.ts';

const ENTRIES = Number(process.env.BENCH_CLAIM_ENTRIES ?? 100_000);
const WINNERS = 100;
/** Draws per side: each needs its own contest of ENTRIES entries. */
const DRAWS_PER_SIDE = Number(process.env.BENCH_CLAIM_DRAWS ?? 3);
const DEADLINE_CONTESTS = 10;
const DEADLINE_ENTRIES = 300;

export type ClaimsBench = {
  entries: number;
  winners: number;
  draws: number;
  notifyDrawMs: number;
  silentDrawMs: number;
  ratio: number;
  /** Per notifying draw: seconds from the draw's start until its 100 notices were handed over. */
  noticeSeconds: number[];
  deadlines: number;
  instances: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  replacements: number;
  placesWithOneReplacement: number;
};

async function post(app: RunningApp, path: string, body: unknown) {
  const start = performance.now();
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: app.cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return performance.now() - start;
}

/** A published contest of `winners` places with `entries` entries, notifying or not. */
async function contestWithEntries(
  app: RunningApp,
  settings: Record<string, unknown>,
  entries: number,
): Promise<string> {
  const id = await createContest(app, null, { winnersCount: WINNERS, ...settings });
  const direct = await openDirect(app);
  try {
    await seedEntries(direct, id, entries);
  } finally {
    await direct.close();
  }
  return id;
}

async function benchNotices(result: Partial<ClaimsBench>): Promise<void> {
  const sink = await startSmtpSink();
  const app = await startPrizewheel('postgres', {
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
  });
  try {
    const sides = [{ notifyWinners: true }, { notifyWinners: false }] as const;
    const contests: [string[], string[]] = [[], []];
    for (let draw = 0; draw < DRAWS_PER_SIDE; draw += 1) {
      for (const [index, side] of sides.entries()) {
        contests[index]!.push(await contestWithEntries(app, side, ENTRIES));
      }
    }
    const times: [number[], number[]] = [[], []];
    const noticeSeconds: number[] = [];
    for (let draw = 0; draw < DRAWS_PER_SIDE; draw += 1) {
      const order = draw % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const before = await sink.count();
        const startedAt = performance.now();
        times[index]!.push(await post(app, `/api/contests/${contests[index]![draw]}/draws`, {}));
        if (index === 0) {
          while ((await sink.count()).distinct < before.distinct + WINNERS) {
            if (performance.now() - startedAt > 300_000) throw new Error('notices not sent');
            await sleep(50);
          }
          noticeSeconds.push((performance.now() - startedAt) / 1000);
        }
      }
    }
    result.entries = ENTRIES;
    result.winners = WINNERS;
    result.draws = DRAWS_PER_SIDE;
    result.notifyDrawMs = median(times[0]);
    result.silentDrawMs = median(times[1]);
    result.ratio = result.notifyDrawMs / result.silentDrawMs;
    result.noticeSeconds = noticeSeconds;
  } finally {
    await app.dispose();
    sink.child.disconnect();
  }
}

/** A second server process on the same database, as a second instance behind a balancer. */
async function startSecondInstance(app: RunningApp) {
  const port = await freePort();
  const child = startProcess([...serverNodeFlags(), buildServerBundle()], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: app.url,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    DATABASE_URL: app.databaseUrl!,
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  return () => stopProcess(child);
}

async function benchDeadlines(result: Partial<ClaimsBench>): Promise<void> {
  const app = await startPrizewheel('postgres');
  try {
    const stopSecond = await startSecondInstance(app);
    try {
      const ids: string[] = [];
      for (let index = 0; index < DEADLINE_CONTESTS; index += 1) {
        ids.push(await contestWithEntries(app, { claimWindowMinutes: 1 }, DEADLINE_ENTRIES));
      }
      // 10 draws of 100 winners: 1,000 deadlines, all within the same minute.
      for (const id of ids) await post(app, `/api/contests/${id}/draws`, {});
      const direct = await openDirect(app);
      try {
        const settled = async () =>
          (
            await queryRows<{ count: number }>(
              direct.db,
              sql`select count(*)::int as count from contest_picks where claim_status = 'expired'`,
            )
          )[0]!.count;
        const deadline = Date.now() + 240_000;
        while ((await settled()) < WINNERS * DEADLINE_CONTESTS) {
          if (Date.now() > deadline) throw new Error(`${await settled()} deadlines handled`);
          await sleep(500);
        }
        const lags = await queryRows<{ lagMs: number }>(
          direct.db,
          sql`select extract(epoch from (disqualified_at - claim_deadline)) * 1000 as "lagMs"
            from contest_picks where claim_status = 'expired'`,
        );
        const values = lags.map((row) => Number(row.lagMs));
        const [replaced] = await queryRows<{ replacements: number; placesWithOne: number }>(
          direct.db,
          sql`select (select count(*)::int from contest_picks where p > 100) as replacements,
            (select count(*)::int from (
              select contest_id, position from contest_picks where p > 100
              group by contest_id, position having count(*) = 1) one) as "placesWithOne"`,
        );
        result.deadlines = values.length;
        result.instances = 2;
        result.lagP50Ms = median(values);
        result.lagP99Ms = percentile(values, 99);
        result.lagMaxMs = Math.max(...values);
        result.replacements = replaced!.replacements;
        result.placesWithOneReplacement = replaced!.placesWithOne;
      } finally {
        await direct.close();
      }
    } finally {
      await stopSecond();
    }
  } finally {
    await app.dispose();
  }
}

export async function benchClaims(): Promise<ClaimsBench> {
  const result: Partial<ClaimsBench> = {};
  await benchNotices(result);
  await benchDeadlines(result);
  return result as ClaimsBench;
}

export function reportClaims(result: ClaimsBench): string[] {
  const seconds = result.noticeSeconds.map((value) => value.toFixed(1)).join(', ');
  return [
    `"Draw all" of ${result.winners} winners from ${result.entries.toLocaleString('en')} entries (PostgreSQL, median of ${result.draws} draws each, interleaved): ${result.notifyDrawMs.toFixed(0)} ms with notices, ${result.silentDrawMs.toFixed(0)} ms without = ${result.ratio.toFixed(2)}x (target at most 1.10x)`,
    `All ${result.winners} notices handed to the SMTP relay within ${seconds} s of each draw's start (target 60 s)`,
    `${result.deadlines.toLocaleString('en')} deadlines in the same minute, ${result.instances} instances: lag from deadline to handling p50 ${(result.lagP50Ms / 1000).toFixed(1)} s, p99 ${(result.lagP99Ms / 1000).toFixed(1)} s, max ${(result.lagMaxMs / 1000).toFixed(1)} s (target p99 60 s); ${result.replacements} replacements, ${result.placesWithOneReplacement} places with exactly one`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportClaims(await benchClaims())) console.log(line);
}
