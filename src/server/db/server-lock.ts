import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is single-process: a second process opening the same files would
 * corrupt them. Whoever opens them (the server, the admin CLI) first creates `server.pid` in
 * DATA_DIR, exclusively, so that of two processes starting together exactly one gets it
 * (decision 015).
 */

/** Who holds the lock, as the refusal names it: "in use by the Prizewheel server". */
export type LockHolder = 'server' | 'admin CLI';

/** A process may not run on the directory: the message says who holds it and what to do. */
export class EmbeddedDatabaseLockError extends Error {}

/**
 * How long a lock may stay without its pid: the creator writes it right after creating the file,
 * so an older empty lock was left by a process that died in between.
 */
const UNWRITTEN_LOCK_GRACE_MS = 10_000;
/** How long to wait for another process to finish writing or taking over the lock. */
const WAIT_FOR_OTHERS_MS = 15_000;
const RETRY_MS = 20;

type LockState = { pid: number | undefined; holder: string; ageMs: number };

const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');
/** Held only while a stale lock is removed, so that one process at a time may remove it. */
const takeoverFile = (dataDir: string) => path.join(dataDir, 'server.pid.takeover');

/**
 * Takes the directory's lock for this process, or throws EmbeddedDatabaseLockError naming the
 * process that holds it. A lock left by a process that no longer runs is taken over.
 */
export async function holdEmbeddedDatabase(
  dataDir: string,
  holder: LockHolder,
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  for (;;) {
    if (createExclusively(lockFile(dataDir), `${process.pid}\n${holder}\n`)) {
      return () => releaseLock(dataDir);
    }
    const lock = readLock(lockFile(dataDir));
    if (lock && isLive(lock)) throw inUseError(dataDir, lock);
    const settled = !lock || (isStale(lock) && removeStaleLock(dataDir));
    if (!settled) {
      if (Date.now() > giveUpAt) throw stuckError(dataDir);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/** Creates `file` with `content` unless it exists (then false). */
function createExclusively(file: string, content: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(descriptor, content);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

/** The lock as it stands, or undefined when there is none. */
function readLock(file: string): LockState | undefined {
  try {
    const ageMs = Date.now() - statSync(file).mtimeMs;
    const [pidLine = '', holder] = readFileSync(file, 'utf8').split('\n');
    const pid = /^\d+$/.test(pidLine) && Number(pidLine) > 0 ? Number(pidLine) : undefined;
    // A lock written before the holder was recorded is a server's.
    return { pid, holder: holder || 'server', ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Held by another process that still runs. A lock naming this very process was left by an
 * earlier one with the same pid: a restarted container gives its server the same pid again.
 */
function isLive(lock: LockState): boolean {
  return lock.pid !== undefined && lock.pid !== process.pid && isRunning(lock.pid);
}

/** Left behind: its process is gone, or it never got its pid written. */
function isStale(lock: LockState): boolean {
  return lock.pid === undefined ? lock.ageMs > UNWRITTEN_LOCK_GRACE_MS : !isLive(lock);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock under the takeover file, re-reading the lock there: meanwhile another
 * process may have removed it and taken the directory, and that lock must stay. Without the
 * takeover file, two processes could both find the stale lock, and the slower one delete the
 * faster one's new lock. False while another process is taking over.
 */
function removeStaleLock(dataDir: string): boolean {
  const claim = takeoverFile(dataDir);
  if (!createExclusively(claim, `${process.pid}\n`)) {
    const other = readLock(claim);
    if (other && isStale(other)) throw abandonedTakeoverError(dataDir, other);
    return false;
  }
  try {
    const lock = readLock(lockFile(dataDir));
    if (lock && isStale(lock)) rmSync(lockFile(dataDir));
  } finally {
    rmSync(claim, { force: true });
  }
  return true;
}

function releaseLock(dataDir: string): void {
  if (readLock(lockFile(dataDir))?.pid === process.pid) rmSync(lockFile(dataDir));
}

function inUseError(dataDir: string, lock: LockState): EmbeddedDatabaseLockError {
  return new EmbeddedDatabaseLockError(
    `The embedded database in ${dataDir} is in use by the Prizewheel ${lock.holder} (pid ${lock.pid}). ` +
      'Only one process may open it at a time: stop that one first, or run several servers on ' +
      `PostgreSQL (DATABASE_URL). If pid ${lock.pid} is not Prizewheel, delete ${lockFile(dataDir)} and try again.`,
  );
}

function abandonedTakeoverError(dataDir: string, claim: LockState): EmbeddedDatabaseLockError {
  return new EmbeddedDatabaseLockError(
    `A takeover of the lock on the embedded database in ${dataDir} was left unfinished` +
      `${claim.pid ? ` by pid ${claim.pid}, which no longer runs` : ''}. If no Prizewheel process ` +
      `is using that directory, delete ${takeoverFile(dataDir)} and try again.`,
  );
}

function stuckError(dataDir: string): EmbeddedDatabaseLockError {
  return new EmbeddedDatabaseLockError(
    `The lock on the embedded database in ${dataDir} did not settle within ` +
      `${WAIT_FOR_OTHERS_MS / 1000} s. If no Prizewheel process is using that directory, delete ` +
      `${lockFile(dataDir)} and ${takeoverFile(dataDir)} and try again.`,
  );
}
