import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './testing/listening-app.ts';
import { root, waitForHttp } from './testing/processes.ts';
import { testDatabaseKind } from './testing/test-app.ts';

// The process-level contract (start, migrate, serve, stop on a signal) is engine-independent;
// it runs once, in the PGlite project.
describe.runIf(testDatabaseKind() === 'pglite')('the server process', () => {
  it('refuses to start on a bad variable, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: 'not-a-port',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pw-')),
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });

  it('serves, then on SIGTERM finishes and exits cleanly, releasing the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, 30_000);
    } catch (error) {
      // A server that never answered must not outlive the test.
      child.kill('SIGKILL');
      throw error;
    }
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 60_000);
});
