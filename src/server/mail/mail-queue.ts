import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryPreparedRows, type Db } from '#server/db/client.ts';
import { mails } from '#server/db/schema.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { MailPurpose } from '#shared/contracts/mail-queue.ts';
import { createMailSender, type MailSender } from './mail-sender.ts';
import type { EntryMailTemplate } from './templates.ts';
import type { Mail, MailTransport } from './transport.ts';

/**
 * A mail to queue: what its template made (or, for an entrant's mail, the template itself,
 * rendered when sent), why, and on whose behalf.
 */
export type MailToQueue = (
  Mail | (Pick<Mail, 'to' | 'subject'> & { template: EntryMailTemplate })
) & {
  purpose: MailPurpose;
  /** The From line's display name for an entrant's mail ("Coach Ana via Prizewheel"). */
  senderName?: string | null;
  /** The entry whose confirmation or receipt this is (its owner sees the mail's fate). */
  entryId?: string | null;
};

export type MailQueue = {
  /**
   * Writes the mails through `db`: inside a transaction, they commit with the change that
   * caused them, or not at all. Returns the mails' ids.
   */
  queue(db: Db, items: MailToQueue[]): Promise<string[]>;
  /** Queues failed mails again (all of them without ids); returns how many. */
  retryFailed(db: Db, mailIds?: string[]): Promise<number>;
  readonly transportKind: MailTransport['kind'];
  /** Sends what is queued, from now until `stop`. */
  readonly sender: Pick<MailSender, 'start' | 'stop'>;
};

/**
 * The mail queue (docs/decisions/041-mails-sent-from-their-rows.md): every mail is a row of
 * `mails`, the record the admin and owners read and the queue its sender takes from; a temporary
 * failure waits its backoff and is tried again for 24 hours, a permanent refusal is recorded and
 * not retried, and what is left after the 24 hours is given up (failed, for the admin to retry).
 */
export function createMailQueue(options: {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** APP_URL: an entrant's mail, rendered when sent, links to the entrant's page there. */
  appUrl: string;
  /** The embedded database, which vacuums nothing by itself: its sender vacuums `mails`. */
  vacuumsMails: boolean;
}): MailQueue {
  const { db, jobs, transport } = options;
  const sender = createMailSender(options);

  // A mail's record outlives its sending long enough for the admin's 24 hours and an owner's
  // pending entries (48 hours), not for ever: its text may hold a live link.
  jobs.every({
    name: 'mails-housekeeping',
    cron: '41 3 * * *',
    run: async () => {
      await db.execute(
        sql`delete from mails where status in ('sent', 'failed') and created_at < now() - interval '30 days'`,
      );
    },
  });

  return {
    transportKind: transport.kind,
    sender,
    async queue(target, items) {
      if (items.length === 0) return [];
      const column = (field: (item: MailToQueue) => string | null | undefined) =>
        sql.param(items.map((item) => field(item) ?? null));
      const body = (field: (item: Mail) => string) =>
        column((item) => ('template' in item ? '' : field(item)));
      // One parameter per column (unnest), not per value: a batch of entries queues hundreds.
      const rows = await queryPreparedRows<{ id: string }>(
        target,
        sql`insert into mails (id, purpose, recipient, sender_name, subject, text, html, links, template, entry_id)
          select time_ordered_uuid(), purpose, recipient, sender_name, subject, text, html,
            coalesce(string_to_array(nullif(links, ''), ' '), '{}'), template::jsonb, entry_id::uuid
          from unnest(${column((item) => item.purpose)}::text[], ${column((item) => item.to)}::text[],
                      ${column((item) => item.senderName)}::text[], ${column((item) => item.subject)}::text[],
                      ${body((item) => item.text)}::text[], ${body((item) => item.html)}::text[],
                      ${body((item) => item.links.join(' '))}::text[],
                      ${column((item) => ('template' in item ? JSON.stringify(item.template) : null))}::text[],
                      ${column((item) => item.entryId)}::text[])
            with ordinality as mail(purpose, recipient, sender_name, subject, text, html, links, template, entry_id, position)
          order by position
          returning id`,
      );
      sender.wake();
      return rows.map((row) => row.id);
    },
    async retryFailed(target, mailIds) {
      // Same rows, same Message-IDs, and another 24 hours of retries.
      const retried = await target
        .update(mails)
        .set({
          status: 'queued',
          nextAttemptAt: sql`now()`,
          retryUntil: sql`now() + interval '24 hours'`,
          claimedUntil: null,
        })
        .where(and(eq(mails.status, 'failed'), mailIds ? inArray(mails.id, mailIds) : undefined))
        .returning({ id: mails.id });
      if (retried.length > 0) sender.wake();
      return retried.length;
    },
  };
}
