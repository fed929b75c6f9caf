/**
 * The wheel in headless Chromium at 100, 10,000 and 100,000 entries: its first draw and the
 * frame times during a spin (median, p95), beside a baseline measured in the same page: a
 * naive wheel that redraws every slice each frame, as common wheel widgets do. Then the weighted
 * wheel of a contest with referrals at 100,000 entries, beside the unweighted one of the run.
 */
import { chromium, type Browser } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { contestEntries, contestLeaves, contests } from '#server/db/schema.ts';
import { startAppWithContest } from './lib/in-process-app.ts';
import { chromiumFlags, chromiumPath, median, percentile } from './lib/stats.ts';

export const WHEEL_SIZES = [100, 10_000, 100_000];
export const WEIGHTED_ENTRIES = 100_000;
/** Each slice of the weighted wheel weighs 1 to this (1 + a bonus of up to 50). */
export const MAX_WEIGHT = 51;
export const P95_TARGET_MS = 20;

type Frames = { median: number; p95: number; count: number };

export type WheelResult = {
  entries: number;
  firstDrawMs: number;
  frames: Frames;
  naive: Frames;
};

export type WheelResults = {
  sizes: WheelResult[];
  weighted: { entries: number; maxWeight: number; firstDrawMs: number; frames: Frames };
};

type App = Awaited<ReturnType<typeof startAppWithContest>>;
type Db = App['db'];

/** Fresh entries, and the contest unfrozen: each size starts before its first draw. */
async function seedEntries(db: Db, contestId: string, count: number) {
  // Picks go with their entries (cascade); the freeze's leaves and columns are cleared here.
  await db.execute(sql`delete from contest_entries where contest_id = ${contestId}`);
  await db.execute(sql`delete from ${contestLeaves} where contest_id = ${contestId}`);
  const chunk = 5000;
  for (let offset = 0; offset < count; offset += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - offset) }, (_, index) => ({
      contestId,
      name: `Entrant ${offset + index}`,
      email: `entrant${offset + index}@example.com`,
    }));
    await db.insert(contestEntries).values(rows);
  }
  await db.execute(
    sql`update ${contests} set entry_count = ${count}, winner_id = null, winners = '[]',
      frozen_at = null, frozen_entry_count = null, entries_root = null where id = ${contestId}`,
  );
}

const summary = (frames: number[]) => ({
  median: Number(median(frames).toFixed(1)),
  p95: Number(percentile(frames, 95).toFixed(1)),
  count: frames.length,
});

/** Weights 1 to MAX_WEIGHT, the same on every run. */
function randomWeights(count: number): number[] {
  let state = 42;
  return Array.from({ length: count }, () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return 1 + Math.floor((state / 2 ** 32) * MAX_WEIGHT);
  });
}

/**
 * Opens the dashboard on `entries` fresh entries and spins once: the wheel's first draw and the
 * frame intervals of the spin. With `weights`, the wheel's answer carries them: referrals cannot
 * give 100,000 entries such weights, as every friend who counts is an entry too, and the frames
 * depend on the slices' shape only (the server still picks the slice the wheel lands on).
 */
async function spinOnce(browser: Browser, app: App, entries: number, weights?: number[]) {
  await seedEntries(app.db, app.contestId, entries);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a `__name` helper, which functions sent to the page call.
  await context.addInitScript({ content: 'window.__name = (target) => target;' });
  await context.addCookies([{ ...(await app.ownerCookie()), url: app.url }]);
  const page = await context.newPage();
  if (weights) {
    await page.route(`**/api/contests/${app.contestId}/wheel`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), weights } });
    });
  }
  await page.goto(`${app.url}/dashboard/${app.contestId}`);
  const spin = page.getByRole('button', { name: 'SPIN', exact: true });
  await spin.waitFor();
  const firstDrawMs = await page.evaluate(
    () => performance.getEntriesByName('wheel:first-draw').at(-1)?.duration ?? -1,
  );

  // Frame intervals while the wheel spins (3 s).
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { frames_: number[] }).frames_ = frames;
    let last = 0;
    const record = (time: number) => {
      if (last) frames.push(time - last);
      last = time;
      if (frames.length < 600) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await spin.click();
  await page.getByRole('button', { name: 'COMPLETE' }).waitFor({ timeout: 15_000 });
  const frames = await page.evaluate(() =>
    (window as unknown as { frames_: number[] }).frames_.splice(0),
  );
  // The draw's refetch of the wheel may still be in the handler when the context closes.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return { context, page, firstDrawMs, frames: summary(frames) };
}

export async function benchWheel(): Promise<WheelResults> {
  const app = await startAppWithContest();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const sizes: WheelResult[] = [];
  try {
    for (const entries of WHEEL_SIZES) {
      const { context, page, firstDrawMs, frames } = await spinOnce(browser, app, entries);
      // Baseline in the same page: every slice redrawn each frame, for two seconds.
      const naive = await page.evaluate((count) => {
        const canvas = document.createElement('canvas');
        canvas.width = 840;
        canvas.height = 840;
        document.body.append(canvas);
        const context = canvas.getContext('2d')!;
        const colors = ['#6d28d9', '#f59e0b', '#8b5cf6', '#fbbf24'];
        return new Promise<number[]>((resolve) => {
          const intervals: number[] = [];
          const started = performance.now();
          let last = 0;
          const frame = (time: number) => {
            const turn = (time - started) / 200;
            const slice = (2 * Math.PI) / count;
            context.clearRect(0, 0, 840, 840);
            for (let index = 0; index < count; index += 1) {
              context.beginPath();
              context.moveTo(420, 420);
              context.arc(420, 420, 420, turn + index * slice, turn + (index + 1) * slice);
              context.fillStyle = colors[index % colors.length]!;
              context.fill();
            }
            if (last) intervals.push(time - last);
            last = time;
            if (time - started < 2000) requestAnimationFrame(frame);
            else resolve(intervals);
          };
          requestAnimationFrame(frame);
        });
      }, entries);
      sizes.push({ entries, firstDrawMs, frames, naive: summary(naive) });
      await context.close();
    }
    const weighted = await spinOnce(
      browser,
      app,
      WEIGHTED_ENTRIES,
      randomWeights(WEIGHTED_ENTRIES),
    );
    await weighted.context.close();
    return {
      sizes,
      weighted: {
        entries: WEIGHTED_ENTRIES,
        maxWeight: MAX_WEIGHT,
        firstDrawMs: weighted.firstDrawMs,
        frames: weighted.frames,
      },
    };
  } finally {
    await browser.close();
    await app.close();
  }
}

export function reportWheel({ sizes, weighted }: WheelResults): string[] {
  const unweighted = sizes.find((result) => result.entries === weighted.entries);
  return [
    ...sizes.map(
      (result) =>
        `wheel with ${result.entries.toLocaleString('en-US')} entries: first draw ${result.firstDrawMs.toFixed(1)} ms; spin frames median ${result.frames.median} ms, p95 ${result.frames.p95} ms (${result.frames.count} frames; target p95 < ${P95_TARGET_MS} ms) | naive redraw-every-slice baseline: median ${result.naive.median} ms, p95 ${result.naive.p95} ms (${result.naive.count} frames)`,
    ),
    `weighted wheel with ${weighted.entries.toLocaleString('en-US')} entries (weights 1 to ${weighted.maxWeight}): first draw ${weighted.firstDrawMs.toFixed(1)} ms; spin frames median ${weighted.frames.median} ms, p95 ${weighted.frames.p95} ms (${weighted.frames.count} frames; target p95 < ${P95_TARGET_MS} ms)` +
      (unweighted
        ? ` | unweighted, same run: first draw ${unweighted.firstDrawMs.toFixed(1)} ms; median ${unweighted.frames.median} ms, p95 ${unweighted.frames.p95} ms`
        : ''),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportWheel(await benchWheel())) console.log(line);
}
