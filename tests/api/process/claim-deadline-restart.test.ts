import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import {
  withDeploymentDatabase,
  type DeploymentDatabase,
} from '#server/testing/deployment-database.ts';
import { PROCESS_TEST_TIMEOUT_MS, processTests } from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { seedContest, seedEntries } from '#server/testing/seed.ts';
import { serverEnv, startServer } from '#server/testing/server-process.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

const engine = testDatabaseKind();
const OWNER = { email: 'deadline-owner@example.com', password: 'deadline-password-42' };

async function freshDeployment(): Promise<DeploymentDatabase> {
  if (engine === 'postgres') {
    const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_claims');
    onTestFinished(created.drop);
    return { databaseUrl: created.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-claims-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/**
 * A claim's deadline that passes while every server is down (docs/product.md#claims): the next
 * start settles it, once, with the next pick of the sequence taking the place. The deadline and
 * its job are moved into the past while the servers are down, as a minute's wait would leave them.
 */
describe.runIf(processTests() && (engine === 'pglite' || process.env.TEST_DATABASE_URL))(
  `a claim deadline while every server is down (${engine})`,
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    it('is handled at the next start: the place goes to the next pick', async () => {
      const target = await freshDeployment();
      const contestId = await withDeploymentDatabase(target, async (database) => {
        const [owner] = await database.db
          .insert(users)
          .values({
            email: OWNER.email,
            passwordHash: await hashPassword(OWNER.password),
            firstName: 'Olive',
            emailVerifiedAt: new Date(),
          })
          .returning({ id: users.id });
        const contest = await seedContest(database, owner!, { claimWindowMinutes: 1 });
        await seedEntries(
          database,
          contest.id,
          ['Ana', 'Ben', 'Cai'].map((name) => ({
            name: `${name} Runner`,
            email: `${name}@example.com`,
          })),
        );
        return contest.id;
      });
      const env = serverEnv(target);

      const first = await startServer(env);
      onTestFinished(first.kill);
      const login = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const drawn = await fetch(`${first.url}/api/contests/${contestId}/draws`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      expect(drawn.status, await drawn.clone().text()).toBe(200);
      expect(((await drawn.json()) as DrawRecord).picks[0]!.claim?.status).toBe('pending');
      await first.stop();

      // Every server down; the minute passes.
      await withDeploymentDatabase(target, async (database) => {
        await database.db.execute(
          sql`update contest_picks set claim_deadline = now() - interval '1 second'
            where contest_id = ${contestId}`,
        );
        await database.db.execute(
          sql`update pgboss.job set start_after = now() - interval '1 second'
            where name = 'claim-deadline'`,
        );
      });

      const second = await startServer(env, { port: first.port });
      onTestFinished(second.kill);
      onTestFailed(() => console.error(second.output()));
      const record = async () =>
        (await (
          await fetch(`${second.url}/api/contests/${contestId}/draw-record`)
        ).json()) as DrawRecord;
      // The worker fetches due jobs as it starts, then polls every 2 s.
      let { picks } = await record();
      for (const giveUpAt = Date.now() + 60_000; picks.length < 2 && Date.now() < giveUpAt;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        ({ picks } = await record());
      }
      expect(picks).toHaveLength(2);
      expect(picks[0]).toMatchObject({
        p: 1,
        position: 1,
        status: 'disqualified',
        claim: { status: 'expired' },
      });
      expect(picks[0]!.reason).toMatch(/^did not claim by \d{4}-\d\d-\d\dT[\d:.]+Z$/);
      expect(picks[1]).toMatchObject({
        p: 2,
        position: 1,
        status: 'winner',
        claim: { status: 'pending' },
      });
      await second.stop();
    });
  },
);
