import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobResult } from 'pg-boss';
import { queryRows, type Db } from '#server/db/client.ts';
import { mails } from '#server/db/schema.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { MailPurpose } from '#shared/contracts/mail-queue.ts';
import {
  describeMailFailure,
  isPermanentRefusal,
  type Mail,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts';

/** A mail to queue: what its template made, why, and on whose behalf. */
export type MailToQueue = Mail & {
  purpose: MailPurpose;
  /** The From line's display name for an entrant's mail ("Coach Ana via Prizewheel"). */
  senderName?: string | null;
  /** The entry whose confirmation or receipt this is (its owner sees the mail's fate). */
  entryId?: string | null;
};

export const SEND_MAIL_JOB = 'mail-send';
export const DEAD_MAIL_JOB = 'mail-dead';

/**
 * Retries of a temporary failure, exponential from 5 s and capped at an hour: pg-boss waits
 * between half and all of `5 s * 2^n` (at most 3,600 s), so even its shortest waits add up to
 * 26 hours over 36 retries (at least 24 h before a mail is given up, decision 028), while a relay
 * back after a minute's outage gets every waiting mail within about as long again.
 */
export const MAIL_RETRY = { retryLimit: 36, retryDelay: 5, retryDelayMax: 3600 } as const;

/**
 * A worker sending a batch says so every few seconds: a batch whose instance died (kill -9) is
 * taken again once this has passed without a word (and pg-boss's next check, ~10 s), not after
 * the expiry, which only bounds a batch that hangs.
 */
const MAIL_HEARTBEAT_SECONDS = 10;
const MAIL_JOB_EXPIRE_SECONDS = 300;

/** Fetched together; the SMTP pool (5 sockets by default) sends them side by side. */
const MAIL_BATCH = 20;

type MailJob = { mailId: string };

export type MailQueue = {
  /**
   * Writes the mails and their send jobs through `db`: inside a transaction, they commit with
   * the change that caused them, or not at all. Returns the mails' ids.
   */
  queue(db: Db, items: MailToQueue[]): Promise<string[]>;
  /** Queues failed mails again (all of them without ids); returns how many. */
  retryFailed(db: Db, mailIds?: string[]): Promise<number>;
  readonly transportKind: MailTransport['kind'];
};

/**
 * The mail queue: every mail is a row of `mails` (the record the admin and owners read) and a
 * job that sends it, retried with backoff on a temporary failure, and given up on a permanent
 * refusal or after MAIL_RETRY (the dead letter queue marks it failed).
 */
export function createMailQueue(options: {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  log: FastifyBaseLogger;
}): MailQueue {
  const { db, jobs, transport, log } = options;

  async function enqueueSends(target: Db, mailIds: string[]) {
    await jobs.enqueue<MailJob>(
      target,
      SEND_MAIL_JOB,
      mailIds.map((mailId) => ({ data: { mailId } })),
    );
  }

  jobs.define<MailJob>({
    name: SEND_MAIL_JOB,
    batchSize: MAIL_BATCH,
    concurrency: 2,
    queue: {
      ...MAIL_RETRY,
      retryBackoff: true,
      expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
      heartbeatSeconds: MAIL_HEARTBEAT_SECONDS,
      deadLetter: DEAD_MAIL_JOB,
      // The mails table is the record; a sent job's row has nothing more to tell.
      deleteAfterSeconds: 24 * 60 * 60,
    },
    handle: (batch) => sendBatch(db, transport, log, batch),
  });
  jobs.define<MailJob>({
    name: DEAD_MAIL_JOB,
    batchSize: MAIL_BATCH,
    handle: async (batch) => {
      await db
        .update(mails)
        .set({ status: 'failed' })
        .where(
          and(
            inArray(
              mails.id,
              batch.map((job) => job.data.mailId),
            ),
            eq(mails.status, 'retrying'),
          ),
        );
      log.warn({ mails: batch.length }, 'mails given up after their retries');
      return batch.map((job) => ({ id: job.id, status: 'completed' as const }));
    },
  });

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
    async queue(target, items) {
      if (items.length === 0) return [];
      const column = (field: (item: MailToQueue) => string | null | undefined) =>
        sql.param(items.map((item) => field(item) ?? null));
      // One parameter per column (unnest), not per value: a batch of entries queues hundreds.
      const rows = await queryRows<{ id: string }>(
        target,
        sql`insert into mails (id, purpose, recipient, sender_name, subject, text, html, links, entry_id)
          select time_ordered_uuid(), purpose, recipient, sender_name, subject, text, html,
            coalesce(string_to_array(nullif(links, ''), ' '), '{}'), entry_id::uuid
          from unnest(${column((item) => item.purpose)}::text[], ${column((item) => item.to)}::text[],
                      ${column((item) => item.senderName)}::text[], ${column((item) => item.subject)}::text[],
                      ${column((item) => item.text)}::text[], ${column((item) => item.html)}::text[],
                      ${column((item) => item.links.join(' '))}::text[], ${column((item) => item.entryId)}::text[])
            with ordinality as mail(purpose, recipient, sender_name, subject, text, html, links, entry_id, position)
          order by position
          returning id`,
      );
      const ids = rows.map((row) => row.id);
      await enqueueSends(target, ids);
      return ids;
    },
    async retryFailed(target, mailIds) {
      const retried = await target
        .update(mails)
        .set({ status: 'queued' })
        .where(and(eq(mails.status, 'failed'), mailIds ? inArray(mails.id, mailIds) : undefined))
        .returning({ id: mails.id });
      await enqueueSends(
        target,
        retried.map((row) => row.id),
      );
      return retried.length;
    },
  };
}

type StoredMail = OutgoingMail & { status: string };

const withoutAddresses = (text: string) => text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');

/**
 * Sends one batch, each mail on its own: a refused recipient never holds up the others. A mail
 * already sent (its job ran again after a lost acknowledgement) or given up is skipped.
 */
async function sendBatch(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
  batch: Job<MailJob>[],
): Promise<JobResult[]> {
  const stored = await queryRows<StoredMail>(
    db,
    sql`select id, recipient as "to", sender_name as "senderName", subject, text, html, links, status
      from mails where id = any(${sql.param(batch.map((job) => job.data.mailId))}::uuid[])`,
  );
  const byId = new Map(stored.map((mail) => [mail.id, mail]));
  const sent: string[] = [];
  const results = await Promise.all(
    batch.map(async (job): Promise<JobResult> => {
      const mail = byId.get(job.data.mailId);
      if (!mail || mail.status === 'sent' || mail.status === 'failed') {
        return { id: job.id, status: 'completed' };
      }
      try {
        await transport.deliver(mail);
        sent.push(mail.id);
        return { id: job.id, status: 'completed' };
      } catch (error) {
        const answer = describeMailFailure(error);
        const permanent = isPermanentRefusal(error);
        // The relay's answer often names the recipient: the row keeps it, the log does not
        // (decision 013).
        log.warn(
          { mailId: mail.id, answer: withoutAddresses(answer), permanent },
          'mail not delivered',
        );
        await recordFailure(db, mail.id, answer, permanent ? 'failed' : 'retrying');
        return permanent
          ? { id: job.id, status: 'completed' }
          : { id: job.id, status: 'failed', output: { answer } };
      }
    }),
  );
  if (sent.length > 0) await recordSent(db, sent, transport.kind);
  return results;
}

/**
 * A mail handed to an SMTP relay keeps no body: its links held tokens, and the relay has it now.
 * Without SMTP the row is the outbox a developer reads, so it stays whole.
 */
async function recordSent(db: Db, mailIds: string[], kind: MailTransport['kind']) {
  await db.execute(
    sql`update mails set status = 'sent', transport = ${kind}, attempts = attempts + 1,
      sent_at = now(), updated_at = now(), last_error = null
      ${kind === 'smtp' ? sql`, text = '', html = '', links = '{}'` : sql``}
      where id = any(${sql.param(mailIds)}::uuid[])`,
  );
}

async function recordFailure(
  db: Db,
  mailId: string,
  answer: string,
  status: 'failed' | 'retrying',
) {
  await db.execute(
    sql`update mails set status = ${status}, attempts = attempts + 1, last_error = ${answer},
      updated_at = now() where id = ${mailId}`,
  );
}
