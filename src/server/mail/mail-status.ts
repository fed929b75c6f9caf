import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { mails } from '#server/db/schema.ts';
import type {
  ConfirmationMailStatus,
  MailQueueResponse,
  MailStatus,
} from '#shared/contracts/mail-queue.ts';
import type { MailTransport } from './transport.ts';

/** The admin's list of failed mails stops here; "Retry all failed" still takes every one. */
const FAILED_LIST_LIMIT = 200;

/** What the admin's Mail tab shows: the last 24 hours by status, the oldest wait, the failures. */
export async function readMailQueue(
  db: Db,
  transport: MailTransport['kind'],
): Promise<MailQueueResponse> {
  const [counts] = await queryRows<Record<MailStatus, number> & { oldest: number | null }>(
    db,
    sql`select
      count(*) filter (where status = 'queued' and created_at > now() - interval '24 hours')::int as queued,
      count(*) filter (where status = 'sent' and created_at > now() - interval '24 hours')::int as sent,
      count(*) filter (where status = 'retrying' and created_at > now() - interval '24 hours')::int as retrying,
      count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours')::int as failed,
      extract(epoch from now() - min(created_at) filter (where status in ('queued', 'retrying')))::float8 as oldest
    from mails where created_at > now() - interval '24 hours' or status in ('queued', 'retrying')`,
  );
  const failed = await db
    .select({
      id: mails.id,
      purpose: mails.purpose,
      recipient: mails.recipient,
      subject: mails.subject,
      attempts: mails.attempts,
      lastError: mails.lastError,
      createdAt: mails.createdAt,
      updatedAt: mails.updatedAt,
    })
    .from(mails)
    .where(eq(mails.status, 'failed'))
    .orderBy(desc(mails.updatedAt), desc(mails.id))
    .limit(FAILED_LIST_LIMIT);
  return {
    transport,
    last24Hours: {
      queued: counts?.queued ?? 0,
      sent: counts?.sent ?? 0,
      retrying: counts?.retrying ?? 0,
      failed: counts?.failed ?? 0,
    },
    oldestWaitingSeconds: counts?.oldest == null ? null : Math.max(0, Math.round(counts.oldest)),
    failed,
  };
}

/** Each entry's newest confirmation mail's status, for the owner's list of pending entries. */
export async function readConfirmationMailStatuses(
  db: Db,
  entryIds: string[],
): Promise<Map<string, ConfirmationMailStatus>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([mails.entryId], { entryId: mails.entryId, status: mails.status })
    .from(mails)
    .where(and(inArray(mails.entryId, entryIds), eq(mails.purpose, 'entry-confirmation')))
    .orderBy(mails.entryId, desc(mails.createdAt));
  return new Map(rows.map((row) => [row.entryId!, row.status]));
}

type Attempt = { status: MailStatus; lastError: string | null };

/** Polls a mail's row until the queue has tried it once (or `timeoutMs` has passed). */
export async function waitForFirstAttempt(
  db: Db,
  mailId: string,
  timeoutMs: number,
): Promise<Attempt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select({ status: mails.status, lastError: mails.lastError })
      .from(mails)
      .where(eq(mails.id, mailId));
    if (!row || row.status !== 'queued' || Date.now() >= deadline) {
      return row ?? { status: 'failed', lastError: null };
    }
    await sleep(100);
  }
}
