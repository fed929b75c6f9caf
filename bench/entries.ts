/**
 * POST entry on ONE hot contest (a viral post), 50 connections, unique e-mails: Prizewheel on
 * PostgreSQL and on PGlite, beside the baseline peer (bench/baseline/express-entries.mjs: one
 * transaction per entry locking the contest row) on the same PostgreSQL, in the same run.
 * Afterwards every rule is checked: rows = acknowledged entries = the contest's counter, and a
 * capacity run proves maxEntries exact under the same load.
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { contestEntries, contests } from '#server/db/schema.ts';
import { freePort } from './lib/in-process-app.ts';
import {
  createContest,
  openDirect,
  startPrizewheel,
  type RunningApp,
} from './lib/prizewheel-process.ts';
import {
  createDatabase,
  samplePeakMemory,
  startProcess,
  stopProcess,
  waitForHttp,
} from './lib/processes.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CAPACITY = 200;
export const SPEEDUP_TARGET = 5;
export const P99_TARGET_MS = 100;
/** Issue 6: the server's resident memory on the embedded database under this load. */
export const PGLITE_RSS_TARGET_MB = 300;

export type LoadResult = {
  accepted: number;
  perSecond: number;
  p99: number;
  p50: number;
  errors: number;
  other: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /**
   * Refusals that do not say what to do: anything but a 503 or 429 with a JSON `{message}` and
   * a Retry-After header. An entrant must always be told to try again, and when.
   */
  unclearRefusals: number;
  /** E-mails whose entry was answered 2xx: each must be in the database afterwards. */
  acknowledged: Set<string>;
};

let emailCounter = 0;

/** A refusal an entrant's browser can act on: try again after Retry-After, with a message. */
function isClearRefusal(status: number, body: string, headers: Record<string, string>): boolean {
  if (status !== 503 && status !== 429) return false;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    const retryAfter = Object.entries(headers).find(
      ([name]) => name.toLowerCase() === 'retry-after',
    );
    return typeof parsed.message === 'string' && Number(retryAfter?.[1]) > 0;
  } catch {
    return false;
  }
}

/** Each entrant's e-mail follows from the name the receipt echoes, whichever answer comes first. */
const entrantEmail = (name: string, tag: string) =>
  `fan${name.slice('Fan '.length)}.${tag}@example.com`;

export async function load(
  url: string,
  contestId: string,
  seconds: number,
  {
    connections = CONNECTIONS,
    pipelining = 1,
    headersFor,
    fields = {},
  }: {
    connections?: number;
    pipelining?: number;
    /** Extra headers per request (a client address behind a proxy, for one). */
    headersFor?: () => Record<string, string>;
    /** Fields every entry sends beside its name and e-mail (a referral code, for one). */
    fields?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const tag = Date.now().toString(36);
  const acknowledged = new Set<string>();
  let unclearRefusals = 0;
  const result = await autocannon({
    url,
    connections,
    pipelining,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: `/api/contests/${contestId}/entries`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          emailCounter += 1;
          const name = `Fan ${emailCounter}`;
          const headers = headersFor ? { ...request.headers, ...headersFor() } : request.headers;
          return {
            ...request,
            headers,
            body: JSON.stringify({ name, email: entrantEmail(name, tag), ...fields }),
          };
        },
        onResponse: (status, body, _context, headers) => {
          if (status >= 200 && status < 300) {
            acknowledged.add(entrantEmail((JSON.parse(body) as { name: string }).name, tag));
          } else if (!isClearRefusal(status, body, headers)) {
            unclearRefusals += 1;
          }
        },
      },
    ],
  });
  const accepted = result['2xx'];
  return {
    accepted,
    perSecond: accepted / result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.timeouts,
    other: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
    unclearRefusals,
    acknowledged,
  };
}

/** Requests cut off when the load stops still finish on the server: let them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** Every acknowledged entry is stored (nothing lost), and no more rows than the counter. */
function checkNothingLost(stored: Set<string>, runs: LoadResult[]): string | null {
  for (const run of runs) {
    for (const email of run.acknowledged) if (!stored.has(email)) return `lost ${email}`;
  }
  return null;
}

export type EntriesResult = {
  engine: string;
  load: LoadResult;
  peakRssMb: number;
  rssTargetMb?: number;
  exact: boolean;
  detail: string;
};

/** Each contest's stored e-mails and its counter, read from the database itself. */
export async function storedEntries(
  app: RunningApp,
  contestIds: string[],
): Promise<{ emails: Set<string>; counter: number }[]> {
  // The embedded database belongs to the server process: read it after the server stopped.
  if (!app.databaseUrl) await app.stop();
  const database = await openDirect(app);
  try {
    return await Promise.all(
      contestIds.map(async (id) => {
        const rows = await database.db
          .select({ email: contestEntries.email })
          .from(contestEntries)
          .where(eq(contestEntries.contestId, id));
        const [contest] = await database.db
          .select({ entryCount: contests.entryCount })
          .from(contests)
          .where(eq(contests.id, id));
        return { emails: new Set(rows.map((row) => row.email)), counter: contest!.entryCount };
      }),
    );
  } finally {
    await database.close();
  }
}

async function counter(app: RunningApp, contestId: string): Promise<number> {
  const response = await fetch(`${app.url}/api/contests/${contestId}/entries/count`);
  return ((await response.json()) as { count: number }).count;
}

async function benchPrizewheel(engine: 'pglite' | 'postgres'): Promise<EntriesResult> {
  const app = await startPrizewheel(engine);
  try {
    // Capacity: the same load on a contest of 200 places takes exactly 200.
    const small = await createContest(app, CAPACITY);
    const capacity = await load(app.url, small, 2);

    const hot = await createContest(app, 10_000_000);
    const warm = await load(app.url, hot, WARMUP_S);
    const stopSampling = samplePeakMemory(app.pid);
    const measured = await load(app.url, hot, DURATION_S);
    const peakRssMb = stopSampling();
    await settle();
    const [hotCounter, smallCounter] = [await counter(app, hot), await counter(app, small)];
    const [hotRows, smallRows] = (await storedEntries(app, [hot, small])).map(
      (stored) => stored.emails,
    );
    const lost =
      checkNothingLost(hotRows!, [warm, measured]) ?? checkNothingLost(smallRows!, [capacity]);
    const exact =
      !lost &&
      hotRows!.size === hotCounter &&
      smallRows!.size === CAPACITY &&
      smallCounter === CAPACITY &&
      capacity.accepted <= CAPACITY;
    const acknowledged = warm.accepted + measured.accepted;
    return {
      engine: `Prizewheel on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      load: measured,
      peakRssMb,
      rssTargetMb: engine === 'pglite' ? PGLITE_RSS_TARGET_MB : undefined,
      exact,
      detail: `${lost ?? 'all acknowledged stored'}: ${acknowledged} acknowledged, ${hotRows!.size} rows, counter ${hotCounter}; ${CAPACITY} places: ${smallRows!.size} rows, counter ${smallCounter}`,
    };
  } finally {
    await app.dispose();
  }
}

async function benchBaseline(): Promise<EntriesResult> {
  const database = await createDatabase('pw_baseline');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(['bench/baseline/express-entries.mjs'], {
    DATABASE_URL: database.url,
    PORT: String(port),
  });
  try {
    await waitForHttp(`${url}/`);
    const create = await fetch(`${url}/api/contests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ maxEntries: 10_000_000 }),
    });
    const { id } = (await create.json()) as { id: string };
    const warm = await load(url, id, WARMUP_S);
    const stopSampling = samplePeakMemory(child.pid!);
    const measured = await load(url, id, DURATION_S);
    const peakRssMb = stopSampling();
    await settle();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select email from contest_entries');
    await client.end();
    const stored = new Set(rows.map((row: { email: string }) => row.email));
    const lost = checkNothingLost(stored, [warm, measured]);
    return {
      engine: 'Baseline: Express + pg, row lock per entry (PostgreSQL)',
      load: measured,
      peakRssMb,
      exact: !lost,
      detail: `${lost ?? 'all acknowledged stored'}: ${warm.accepted + measured.accepted} acknowledged, ${stored.size} rows`,
    };
  } finally {
    await stopProcess(child);
    await database.drop();
  }
}

export async function benchEntries(): Promise<EntriesResult[]> {
  const baseline = await benchBaseline();
  const postgres = await benchPrizewheel('postgres');
  const pglite = await benchPrizewheel('pglite');
  return [baseline, postgres, pglite];
}

export function reportEntries(results: EntriesResult[]): string[] {
  const baseline = results[0]!;
  const lines = results.map((result) => {
    const ratio =
      result === baseline
        ? ''
        : `, ${(result.load.perSecond / baseline.load.perSecond).toFixed(1)}x baseline`;
    const target = result.rssTargetMb
      ? ` (target < ${result.rssTargetMb} MB: ${result.peakRssMb < result.rssTargetMb ? 'met' : 'MISSED'})`
      : '';
    return `${result.engine}: ${result.load.perSecond.toFixed(0)} entries/s${ratio}, p50 ${result.load.p50} ms, p99 ${result.load.p99} ms, errors ${result.load.errors}, non-2xx ${result.load.other}, peak RSS ${result.peakRssMb.toFixed(0)} MB${target}; exact: ${result.exact ? 'yes' : 'NO'} (${result.detail})`;
  });
  return [
    ...lines,
    `targets: PostgreSQL >= ${SPEEDUP_TARGET}x baseline with p99 < ${P99_TARGET_MS} ms; PGlite peak RSS < ${PGLITE_RSS_TARGET_MB} MB`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchEntries();
  for (const line of reportEntries(results)) console.log(line);
}
