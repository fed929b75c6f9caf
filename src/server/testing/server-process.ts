import path from 'node:path';
import { inject } from 'vitest';
import type { DeploymentDatabase } from './deployment-database.ts';
import { freePort } from './listening-app.ts';
import { startProcess, stopProcess, waitForHttp } from './processes.ts';
import { serverNodeFlags } from './server-bundle.ts';

/** The server as deployed (`npm start`'s bundle and flags, its own process), for process tests. */
export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  /** SIGTERM: finishes in-flight requests and closes the database. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing flushed, nothing closed. */
  kill(): Promise<void>;
  /** The tail of what the process wrote, for failure messages. */
  output(): string;
};

const OUTPUT_KEPT = 200_000;

/** Production settings shared by every instance of one test deployment. */
export function serverEnv(database: DeploymentDatabase) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'process-test-secret-that-is-at-least-32-characters',
    // The tests stand for the balancer: they say which client each request comes from.
    TRUST_PROXY: 'on',
    ...('databaseUrl' in database
      ? { DATABASE_URL: database.databaseUrl }
      : { DATA_DIR: database.dataDir }),
  };
}

/** The bundle the global setup built (src/server/testing/process-tests-setup.ts). */
function builtServerBundle(): string {
  const bundle = inject('serverBundle');
  if (!bundle) {
    throw new Error('No server bundle: process tests run with PROCESS_TESTS=1 (global setup).');
  }
  return bundle;
}

/** The admin CLI `npm run admin` runs, built beside the server bundle. */
export function builtAdminBundle(): string {
  return path.join(path.dirname(builtServerBundle()), 'admin.js');
}

/** Starts one instance on `port` (a free one by default) and waits until it is healthy. */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; healthyWithinMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    [...serverNodeFlags(), builtServerBundle()],
    { APP_URL: url, ...env, PORT: String(port) },
    { pipeOutput: true },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid!,
    stop: () => stopProcess(child, 'SIGTERM'),
    kill: () => stopProcess(child, 'SIGKILL'),
    output: () => output,
  };
  const exitedEarly = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}) before it was healthy:\n${output}`)),
    ),
  );
  try {
    await Promise.race([
      waitForHttp(`${url}/healthz`, options.healthyWithinMs ?? 90_000),
      exitedEarly,
    ]);
  } catch (error) {
    await server.kill();
    throw error;
  }
  exitedEarly.catch(() => {});
  return server;
}
