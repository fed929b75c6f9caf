/**
 * Process-level tests start real servers (and databases) and take tens of seconds: they run
 * when PROCESS_TESTS=1, as `.ci/run` sets it.
 */
export function processTests(): boolean {
  return process.env.PROCESS_TESTS === '1';
}

/**
 * Each takes 5 to 45 s on a two-core machine; starting Node and PGlite is much of it, and
 * that grows several times over when the machine is busy with other work.
 */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

/** A measured figure, printed beside the test's result (what the issue asks to report). */
export function report(line: string): void {
  process.stdout.write(`[process] ${line}\n`);
}

/** Polls `condition` every 50 ms until it holds; fails after `timeoutMs`, naming `what`. */
export async function waitUntil(
  what: string,
  condition: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times each value occurs: a failed expectation then shows every status at once. */
export function countBy(values: (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
