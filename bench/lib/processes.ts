import { readFileSync } from 'node:fs';
import { createDatabase as createDatabaseOn } from '#server/testing/processes.ts';

export { root, startProcess, stopProcess, waitForHttp } from '#server/testing/processes.ts';

export const postgresServerUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A process's resident memory (Linux), in MB: now (VmRSS), or its peak since it started (VmHWM).
 * 0 once the process is gone.
 */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's memory until stopped; returns the peak. */
export function samplePeakMemory(pid: number, everyMs = 100) {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** A fresh database on the local PostgreSQL server, dropped by the returned function. */
export function createDatabase(prefix: string) {
  return createDatabaseOn(postgresServerUrl, prefix);
}
