export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Latency = { median: number; p95: number };

/** Runs `task` `times` times one after another (after `warmup` unmeasured runs): ms each. */
export async function latencies(
  times: number,
  task: () => Promise<unknown>,
  warmup = 3,
): Promise<Latency> {
  for (let run = 0; run < warmup; run += 1) await task();
  const durations: number[] = [];
  for (let run = 0; run < times; run += 1) {
    const start = performance.now();
    await task();
    durations.push(performance.now() - start);
  }
  return { median: median(durations), p95: percentile(durations, 95) };
}

/** Seconds `task` takes, with its result. */
export async function timed<T>(task: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const start = performance.now();
  const result = await task();
  return { seconds: (performance.now() - start) / 1000, result };
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
