import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '#server/db/client.ts';
import { openDeploymentDatabase } from '#server/testing/deployment-database.ts';
import { buildServerBundle, serverNodeFlags } from '#server/testing/server-bundle.ts';
import { freePort } from './in-process-app.ts';
import { createDatabase, root, startProcess, stopProcess, waitForHttp } from './processes.ts';

export const OWNER = { email: 'bench-owner@example.com', password: 'bench-password-123' };

export type RunningApp = {
  url: string;
  pid: number;
  cookie: string;
  /** Stops the server; the database stays until `dispose`. */
  stop: () => Promise<void>;
  dispose: () => Promise<void>;
  databaseUrl?: string;
  dataDir?: string;
};

export type StartOptions = {
  /**
   * Runs on the migrated database, with the owner created, before the server starts: the
   * embedded database belongs to one process at a time, so bulk seeding happens here.
   */
  prepare?: (database: Database) => Promise<void>;
  /** Node's arguments for the server, instead of the bundle `npm start` runs (experiments). */
  serverArgs?: string[];
  env?: Record<string, string>;
  /** Another checkout to run (its admin CLI; its bundle comes through `serverArgs`). */
  tree?: string;
};

let bundle: string | undefined;

/** Whether a checkout's admin CLI reads the password from PRIZEWHEEL_ADMIN_PASSWORD. */
function readsPasswordFromEnvironment(tree: string): boolean {
  try {
    execFileSync('grep', ['-rq', 'PRIZEWHEEL_ADMIN_PASSWORD', path.join(tree, 'src/server/cli')]);
    return true;
  } catch {
    return false; // grep found nothing
  }
}

/** Node's arguments of `npm start`: its flags and the server bundle, built once per bench run. */
function deployedServerArgs(): string[] {
  bundle ??= buildServerBundle();
  return [...serverNodeFlags(), bundle];
}

/**
 * Prizewheel as it is deployed: its own process (the bundle of `src/server/main.ts` that
 * `npm start` runs), production settings, on a fresh PGlite directory or a fresh PostgreSQL
 * database, with a verified owner signed in.
 */
export async function startPrizewheel(
  engine: 'pglite' | 'postgres',
  options: StartOptions = {},
): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = engine === 'postgres' ? await createDatabase('pw_bench') : undefined;
  const dataDir = engine === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'pw-bench-')) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir! }),
    ...options.env,
  };
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/admin.ts',
      'create-admin',
      '--email',
      OWNER.email,
      // A revision before decision 033 took the password as an argument; since, it is read
      // from the environment only (and an argument is refused).
      ...(options.tree && !readsPasswordFromEnvironment(options.tree)
        ? ['--password', OWNER.password]
        : []),
    ],
    {
      cwd: options.tree ?? root,
      env: { ...process.env, ...env, PRIZEWHEEL_ADMIN_PASSWORD: OWNER.password },
      stdio: 'ignore',
    },
  );
  if (options.prepare) {
    const direct = await openDirect({ databaseUrl: database?.url, dataDir });
    try {
      await options.prepare(direct);
    } catch (error) {
      // No RunningApp to dispose of yet: drop what was created here.
      await direct.close();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    await direct.close();
  }
  const child = startProcess(options.serverArgs ?? deployedServerArgs(), env);
  await waitForHttp(`${url}/healthz`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const stop = () => stopProcess(child);
  return {
    url,
    pid: child.pid!,
    cookie,
    stop,
    dispose: async () => {
      await stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    databaseUrl: database?.url,
    dataDir,
  };
}

export async function createContest(
  app: RunningApp,
  maxEntries: number | null,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${app.url}/api/contests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: app.cookie },
    body: JSON.stringify({
      title: 'Viral giveaway',
      description: 'Everyone is coming.',
      prizeDetails: 'A prize',
      endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      maxEntries,
      ...settings,
    }),
  });
  if (response.status !== 201)
    throw new Error(`create contest: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The app's database opened by the bench itself (for PGlite: only while the server is stopped). */
export function openDirect(app: Pick<RunningApp, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return openDeploymentDatabase(
    app.databaseUrl ? { databaseUrl: app.databaseUrl } : { dataDir: app.dataDir! },
  );
}

/**
 * An earlier revision's server and this checkout's, started alike (the same engine, environment
 * and Node flags as `npm start`), for `run` to compare; both are stopped after, whatever happens.
 */
export async function withBothServers<T>(
  engine: 'pglite' | 'postgres',
  before: { tree: string; bundle: string },
  env: Record<string, string>,
  run: (beforeApp: RunningApp, afterApp: RunningApp) => Promise<T>,
): Promise<T> {
  const beforeApp = await startPrizewheel(engine, {
    tree: before.tree,
    serverArgs: [...serverNodeFlags(), before.bundle],
    env,
  });
  try {
    const afterApp = await startPrizewheel(engine, { env });
    try {
      return await run(beforeApp, afterApp);
    } finally {
      await afterApp.dispose();
    }
  } finally {
    await beforeApp.dispose();
  }
}
