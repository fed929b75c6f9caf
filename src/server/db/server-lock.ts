import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is single-process: a second process opening the same files would
 * corrupt them. The server records its pid; other tools refuse to open the files while it lives.
 */
function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function assertEmbeddedDatabaseFree(dataDir: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8'));
  } catch {
    return;
  }
  if (pid && pid !== process.pid && isRunning(pid)) {
    throw new Error(
      `The Prizewheel server (pid ${pid}) is using the embedded database in ${dataDir}. Stop it first, or use DATABASE_URL with PostgreSQL.`,
    );
  }
}

export function holdEmbeddedDatabase(dataDir: string): () => void {
  assertEmbeddedDatabaseFree(dataDir);
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
