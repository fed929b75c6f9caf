import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPglite } from '#server/db/client.ts';
import { adminAudit, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { PROCESS_TEST_TIMEOUT_MS, processTests } from '#server/testing/process-tests.ts';
import { root } from '#server/testing/processes.ts';
import { builtAdminBundle, serverEnv } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';

/** The built CLI as `npm run admin` runs it, with `stdin` piped in: its exit code and output. */
async function runBuiltCli(env: Record<string, string>, args: string[], stdin: string) {
  const child = spawn(process.execPath, [builtAdminBundle(), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The CLI may exit before reading (a refused command line): its closed pipe is no failure.
  child.stdin.on('error', () => {});
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/**
 * The in-process tests (admin.test.ts) hand the CLI its input; this one checks that the built
 * entry point wires the real argv and a real pipe the same way (decision 033).
 */
describe.runIf(processTests() && testDatabaseKind() === 'pglite')(
  'admin CLI process',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    it('refuses --password, takes a piped line, and audits the change', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-admin-cli-'));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = serverEnv({ dataDir });

      const refused = await runBuiltCli(
        env,
        ['create-admin', '--email', 'boss@example.com', '--password', 'visible-in-ps-123'],
        '',
      );
      expect(refused.code, refused.output).toBe(2);
      expect(refused.output).toContain('--password is not accepted on the command line');
      expect(refused.output).not.toContain('visible-in-ps-123');

      const created = await runBuiltCli(
        env,
        ['create-admin', '--email', 'boss@example.com'],
        'piped-password-123\n',
      );
      expect(created.code, created.output).toBe(0);
      expect(created.output).not.toContain('Generated password');

      const database = openPglite(path.join(dataDir, 'pglite'));
      onTestFinished(() => database.close());
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'boss@example.com'));
      expect(await verifyPassword(user!.passwordHash, 'piped-password-123')).toBe(true);
      const rows = await database.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.targetUserId, user!.id));
      expect(
        rows.map(({ action, actorId, detail }) => ({ action, actorId, via: detail.via })),
      ).toEqual([{ action: 'admin_created', actorId: null, via: 'cli' }]);
    });
  },
);
