import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import type { TestApp } from './test-app.ts';

/**
 * Waits until every mail of the requests already answered has been tried once: the lookups that
 * run after an answer have queued theirs, and no mail is still waiting for the queue's worker.
 */
export async function settleMails(t: TestApp, timeoutMs = 20_000): Promise<void> {
  await t.app.backgroundTasks.idle();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.database.db,
      sql`select count(*)::int as waiting from mails where status = 'queued'`,
    );
    if (row!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.waiting} mails still queued`);
    await sleep(50);
  }
}
