import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type pg from 'pg';
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

/**
 * Starts measuring a process's peak resident memory from now, on Linux, by resetting its peak
 * (VmHWM) to its current RSS through /proc/<pid>/clear_refs; the returned function reads the
 * peak since, in MB. Exact, where sampling (samplePeakMemory) misses a spike between two samples.
 */
export function startPeakMemory(pid: number): () => number {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return () => residentMb(pid, 'VmHWM');
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

/** The pids of every PostgreSQL process of this machine (the server's own and its backends). */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false; // Gone between the listing and the read.
      }
    })
    .map(Number);
}

/**
 * CPU time of every PostgreSQL process of this machine so far, in ms: backends come and go with
 * connections, so the cluster is measured as a whole. Only meaningful over a window in which one
 * side of a comparison is the only one using the database.
 */
export function postgresCpuMs(): number {
  return postgresPids().reduce((total, pid) => total + cpuMs(pid), 0);
}

/**
 * Starts measuring the CPU time of a set of processes that changes, listed by `pids` at both
 * ends of the window; the returned function ends it: ms of CPU over the window, how many
 * processes were measured, and how many ended during it. A process that appeared during the
 * window counts from 0; one that ended is left out (a sum of totals, as postgresCpuMs, would
 * instead lose its whole past and could fall below 0), so the figure is whole only when `ended`
 * is 0 or those were idle.
 */
export async function startCpuWindow(pids: () => number[] | Promise<number[]>) {
  const atStart = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
  return async (): Promise<{ ms: number; processes: number; ended: number }> => {
    const atEnd = await pids();
    // One that exits between the listing and the read reads 0: it adds nothing, not less.
    const ms = atEnd.reduce(
      (sum, pid) => sum + Math.max(0, cpuMs(pid) - (atStart.get(pid) ?? 0)),
      0,
    );
    const ended = [...atStart.keys()].filter((pid) => !atEnd.includes(pid)).length;
    return { ms, processes: atEnd.length, ended };
  };
}

/**
 * Lists the PostgreSQL backends that serve one database (its client connections, by pid in
 * pg_stat_activity), through `cluster`, a connection to another database of the same server, so
 * not among them. Autovacuum workers come and go, and the server's own processes serve every
 * database: both are left to the whole cluster's figure.
 */
export function databaseBackends(cluster: pg.Client, databaseUrl: string) {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return async (): Promise<number[]> => {
    const { rows } = await cluster.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
      [database],
    );
    return rows.map((row) => row.pid);
  };
}
