import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './listening-app.ts';

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster of its own (temp directory, free loopback port) that a test
 * may stop and start at will, unlike the machine's shared server that other tests are using.
 */
export type PrivatePostgres = {
  /** The `postgres` database of the cluster. */
  url: string;
  /** Stops at once (`-m immediate`: what a crash or a pulled plug looks like to clients). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and deletes its files. */
  dispose(): Promise<void>;
};

/** The newest PostgreSQL server binaries of the machine (Debian layout), if any. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL server binaries (set PG_BIN_DIR)');
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-private-pg-'));
  // initdb and postgres refuse to run as root: as root, run them as the postgres user.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { uid, gid } = postgresAccount();
    chownSync(dir, uid, gid);
  }
  const pgTool = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, tool), ...args])
      : run(path.join(binDir, tool), args);

  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: async () => {
      running = false;
      await pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
    start: async () => {
      // Before, not after: a start that fails half-way may still leave a server to stop.
      running = true;
      await pgTool('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        'start',
      ]);
    },
    dispose: async () => {
      try {
        if (running) await cluster.crash().catch(() => {});
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    // --no-sync: only initdb's own files go unsynced; the running server keeps fsync on.
    await pgTool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await cluster.start();
  } catch (error) {
    await cluster.dispose();
    throw error;
  }
  return cluster;
}

/** The postgres account's numeric uid and gid (`id -u/-g postgres`). */
function postgresAccount(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}
