import { readdirSync, readFileSync } from 'node:fs';
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

/** User plus system CPU time of a process so far, in ms (/proc/<pid>/stat; 0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time of every PostgreSQL process of this machine so far, in ms: backends come and go with
 * connections, so the cluster is measured as a whole. Only meaningful over a window in which one
 * side of a comparison is the only one using the database.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        total += cpuMs(Number(pid));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}
