import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/testing/test-app.ts';
import { JobQueue } from './job-queue.ts';

/** The durable queue by itself (docs/decisions/028-durable-mail-queue.md): pg-boss on the app's database. */

const silent = pino({ level: 'silent' });

type Ran = { key: string; at: number };

/** A queue with one deadline job that records when each of its jobs ran. */
function deadlineQueue(database: Database, ran: Ran[]) {
  const jobs = new JobQueue(database.jobDatabase, silent);
  jobs.define<{ key: string }>({
    name: 'test-deadline',
    queue: { policy: 'short' },
    handle: async (batch) => {
      for (const job of batch) ran.push({ key: job.data.key, at: Date.now() });
      return batch.map((job) => ({ id: job.id, status: 'completed' as const }));
    },
  });
  return jobs;
}

async function waitFor(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

describe('the job queue', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.close();
  });

  it('runs a job at its time, once however often the same deadline is scheduled', async () => {
    const ran: Ran[] = [];
    const jobs = deadlineQueue(database, ran);
    await jobs.start();
    try {
      const at = new Date(Date.now() + 1500);
      for (let time = 0; time < 3; time += 1) {
        await jobs.runOnceAt(
          database.db,
          'test-deadline',
          { key: 'claim-1' },
          { at, key: 'claim-1' },
        );
      }
      await waitFor(() => ran.length > 0);
      await sleep(2500);
      expect(ran).toHaveLength(1);
      expect(ran[0]!.at).toBeGreaterThanOrEqual(at.getTime());
    } finally {
      await jobs.stop(1000);
    }
  });

  it('runs a job that fell due while no instance ran at the next start', async () => {
    const ran: Ran[] = [];
    const first = deadlineQueue(database, ran);
    await first.start();
    const at = new Date(Date.now() + 1000);
    await first.runOnceAt(database.db, 'test-deadline', { key: 'start-1' }, { at, key: 'start-1' });
    await first.stop(1000);

    await sleep(1500);
    expect(ran).toEqual([]);
    const restarted = deadlineQueue(database, ran);
    const startedAt = Date.now();
    await restarted.start();
    try {
      await waitFor(() => ran.length > 0);
      expect(ran.map((run) => run.key)).toEqual(['start-1']);
      expect(ran[0]!.at - startedAt).toBeLessThan(5000);
    } finally {
      await restarted.stop(1000);
    }
  });

  it('inserts a job only if the transaction it joins commits', async () => {
    const ran: Ran[] = [];
    const jobs = deadlineQueue(database, ran);
    await jobs.start();
    try {
      await database.db
        .transaction(async (tx) => {
          await jobs.enqueue(tx, 'test-deadline', [{ data: { key: 'rolled-back' } }]);
          throw new Error('the change failed');
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'test-deadline', [{ data: { key: 'committed' } }]);
      });
      await waitFor(() => ran.length > 0);
      await sleep(500);
      expect(ran.map((run) => run.key)).toEqual(['committed']);
    } finally {
      await jobs.stop(1000);
    }
  });

  it('keeps a recurring job once per cluster: two queues schedule it once', async () => {
    const queues = [0, 1].map(() => {
      const jobs = new JobQueue(database.jobDatabase, silent);
      jobs.every({ name: 'test-housekeeping', cron: '*/10 * * * *', run: async () => {} });
      return jobs;
    });
    for (const jobs of queues) await jobs.start();
    try {
      const result = (await database.db.execute(
        sql`select count(*)::int as schedules from pgboss.schedule where name = 'test-housekeeping'`,
      )) as unknown as { rows: { schedules: number }[] };
      expect(result.rows[0]!.schedules).toBe(1);
    } finally {
      for (const jobs of queues) await jobs.stop(1000);
    }
  });
});
