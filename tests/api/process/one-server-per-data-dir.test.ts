import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, processTests, report } from '#server/testing/process-tests.ts';
import { startProcess } from '#server/testing/processes.ts';
import {
  builtAdminBundle,
  serverEnv,
  startServer,
  type ServerProcess,
} from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';

const ROUNDS = 20;

/** A fresh DATA_DIR, removed when the test ends. */
function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-one-server-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** Runs `npm run admin -- <args>` to its end: its exit code and what it wrote. */
async function runAdminCli(env: Record<string, string>, args: string[]) {
  const child = startProcess([builtAdminBundle(), ...args], env, { pipeOutput: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output, pid: child.pid! };
}

const inUseBy = (dataDir: string, holder: string, pid: number) =>
  `The embedded database in ${dataDir} is in use by the Prizewheel ${holder} (pid ${pid}).`;

/**
 * The embedded database is single-process: two servers on one DATA_DIR would both write its
 * files and corrupt them. Whichever takes the directory's lock first serves; any other process
 * exits with a message that says who holds it (decision 015).
 */
describe.runIf(processTests() && testDatabaseKind() === 'pglite')(
  'one server per DATA_DIR',
  { timeout: PROCESS_TEST_TIMEOUT_MS * 2 },
  () => {
    it(`${ROUNDS} times, of two servers started at once exactly one serves, the other exits`, async () => {
      const dataDir = freshDataDir();
      const env = serverEnv({ dataDir });
      const started = Date.now();
      for (let round = 1; round <= ROUNDS; round += 1) {
        const outcomes = await Promise.allSettled([startServer(env), startServer(env)]);
        const serving = outcomes.flatMap((outcome) =>
          outcome.status === 'fulfilled' ? [outcome.value] : [],
        );
        for (const server of serving) onTestFinished(server.kill);
        const refusals = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [String(outcome.reason)] : [],
        );
        expect(
          serving.map((server) => server.pid),
          `round ${round}: ${refusals}`,
        ).toHaveLength(1);
        const winner: ServerProcess = serving[0]!;
        expect(refusals, `round ${round}`).toHaveLength(1);
        expect(refusals[0], `round ${round}`).toContain(
          'the server exited (1) before it was healthy',
        );
        expect(refusals[0], `round ${round}`).toContain(inUseBy(dataDir, 'server', winner.pid));
        // Every other round ends in a crash: the next round's servers meet a stale lock.
        if (round % 2 === 0) await winner.kill();
        else await winner.stop();
      }
      report(`${ROUNDS} rounds of two servers on one DATA_DIR: ${Date.now() - started} ms`);
    });

    it('keeps the admin CLI off a directory a server holds, and holds it while the CLI runs', async () => {
      const dataDir = freshDataDir();
      const env = serverEnv({ dataDir });
      const server = await startServer(env);
      onTestFinished(server.kill);
      const refused = await runAdminCli(env, ['verify-email', '--email', 'nobody@example.com']);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(inUseBy(dataDir, 'server', server.pid));
      await server.stop();

      // While the CLI works, the lock names it; once it is done, the lock is gone.
      const lockFile = path.join(dataDir, 'server.pid');
      const holders = new Set<string>();
      const watch = setInterval(() => {
        try {
          // Empty for the instant between its creation and the writing of the pid.
          const holder = readFileSync(lockFile, 'utf8');
          if (holder) holders.add(holder);
        } catch {
          // not held at this moment
        }
      }, 5);
      const cli = await runAdminCli(env, ['create-admin', '--email', 'boss@example.com']);
      clearInterval(watch);
      expect(cli.code, cli.output).toBe(0);
      expect([...holders]).toEqual([`${cli.pid}\nadmin CLI\n`]);
      expect(() => readFileSync(lockFile)).toThrow(/ENOENT/);
    });
  },
);
