import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobResult } from 'pg-boss';
import { queryPreparedRows, queryRows, type Db } from '#server/db/client.ts';
import { mails } from '#server/db/schema.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { MailPurpose } from '#shared/contracts/mail-queue.ts';
import { renderEntryMail, type EntryMailTemplate } from './templates.ts';
import {
  describeMailFailure,
  isPermanentRefusal,
  type Mail,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts';

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

/**
 * One job sends the mails one transaction queued, up to this many (an entry batch queues up to
 * 500): a job per mail cost the entry path more than the entry itself (pg-boss's insert, then a
 * fetch and a completion per mail), 0.35x its throughput in the bench.
 */
const MAILS_PER_JOB = 50;

/** Jobs fetched together. */
const JOB_BATCH = 20;

type MailJob = { mailIds: string[] };

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
 * The mail queue: every mail is a row of `mails` (the record the admin and owners read); the
 * mails one transaction queues are sent by one job (up to MAILS_PER_JOB each), retried with
 * backoff while one of them fails for now, a permanent refusal recorded and not retried, and
 * what is left after MAIL_RETRY given up (the dead letter queue marks it failed).
 */
export function createMailQueue(options: {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** APP_URL: an entrant's mail, rendered when sent, links to the entrant's page there. */
  appUrl: string;
}): MailQueue {
  const { db, jobs, transport, log, appUrl } = options;

  async function enqueueSends(target: Db, mailIds: string[]) {
    const groups: { data: MailJob }[] = [];
    for (let start = 0; start < mailIds.length; start += MAILS_PER_JOB) {
      groups.push({ data: { mailIds: mailIds.slice(start, start + MAILS_PER_JOB) } });
    }
    await jobs.enqueue<MailJob>(target, SEND_MAIL_JOB, groups);
  }

  jobs.define<MailJob>({
    name: SEND_MAIL_JOB,
    batchSize: JOB_BATCH,
    concurrency: 2,
    queue: {
      ...MAIL_RETRY,
      retryBackoff: true,
      expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
      heartbeatSeconds: MAIL_HEARTBEAT_SECONDS,
      notify: false,
      deadLetter: DEAD_MAIL_JOB,
      // The mails table is the record; a sent job's row has nothing more to tell.
      deleteAfterSeconds: 24 * 60 * 60,
    },
    handle: (batch) => sendBatch({ db, transport, log, appUrl }, batch),
  });
  jobs.define<MailJob>({
    name: DEAD_MAIL_JOB,
    batchSize: JOB_BATCH,
    handle: async (batch) => {
      const given = await db
        .update(mails)
        .set({ status: 'failed' })
        .where(
          and(
            inArray(
              mails.id,
              batch.flatMap((job) => job.data.mailIds),
            ),
            inArray(mails.status, ['queued', 'retrying']),
          ),
        )
        .returning({ id: mails.id });
      log.warn({ mails: given.length }, 'mails given up after their retries');
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

type StoredMail = OutgoingMail & { template: EntryMailTemplate | null };

/** A mail handed over, with what its template rendered (null: its row held its body). */
type SentMail = { id: string; rendered: Mail | null };

const withoutAddresses = (text: string) => text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');

/**
 * Sends the mails of a batch of jobs, each mail on its own (the SMTP pool sends them side by
 * side): a refused recipient never holds up the others. A job whose mails all went, or were
 * refused for good, is complete; one with a temporary failure fails, to be tried again later,
 * when only its mails not yet sent are sent (a mail already sent or given up is skipped, also
 * when a job runs again after a lost acknowledgement).
 */
/** What sending needs: the database, the transport, the log and the app's address. */
type Sender = { db: Db; transport: MailTransport; log: FastifyBaseLogger; appUrl: string };

async function sendBatch(sender: Sender, batch: Job<MailJob>[]): Promise<JobResult[]> {
  const { db, transport } = sender;
  const waiting = await queryRows<StoredMail>(
    db,
    // The outbox sends no body: its rows are the mails, kept as they are (a third of the work).
    sql`select id, recipient as "to", sender_name as "senderName", subject, links, template,
        ${transport.sendsBody ? sql`text, html` : sql`'' as text, '' as html`}
      from mails where id = any(${sql.param(batch.flatMap((job) => job.data.mailIds))}::uuid[])
        and status in ('queued', 'retrying')`,
  );
  const byId = new Map(waiting.map((mail) => [mail.id, mail]));
  return Promise.all(
    batch.map(async (job): Promise<JobResult> => {
      const sent: SentMail[] = [];
      const outcomes = await Promise.all(
        job.data.mailIds.map((mailId) => {
          const mail = byId.get(mailId);
          return mail ? sendOne(sender, mail, sent) : 'done';
        }),
      );
      // Recorded per job, as soon as its mails are out: an instance killed now sends again
      // (under the same Message-IDs) at most one job's mails.
      if (sent.length > 0) await recordSent(db, sent, transport.kind);
      const retrying = outcomes.filter((outcome) => outcome !== 'done').length;
      return retrying === 0
        ? { id: job.id, status: 'completed' }
        : { id: job.id, status: 'failed', output: { retrying } };
    }),
  );
}

/** Hands one mail over: 'done' when sent or refused for good, 'retry' on a temporary failure. */
async function sendOne(
  { db, transport, log, appUrl }: Sender,
  stored: StoredMail,
  sent: SentMail[],
): Promise<'done' | 'retry'> {
  const rendered = stored.template ? renderEntryMail(stored.to, stored.template, appUrl) : null;
  const mail = rendered ? { ...stored, ...rendered } : stored;
  try {
    await transport.deliver(mail);
    sent.push({ id: mail.id, rendered });
    return 'done';
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
    return permanent ? 'done' : 'retry';
  }
}

/**
 * A mail handed to an SMTP relay keeps no body nor template: its links held tokens, and the
 * relay has it now. Without SMTP the row is the outbox a developer reads: it stays whole, and an
 * entrant's mail gets the text and links its template rendered. Its HTML (two thirds of the
 * bytes, which made this update the worker's heaviest statement) stays in its template, which
 * renders it again on demand (decision 038).
 */
async function recordSent(db: Db, sent: SentMail[], kind: MailTransport['kind']) {
  if (kind === 'smtp') {
    await db.execute(
      sql`update mails set status = 'sent', transport = ${kind}, attempts = attempts + 1,
        sent_at = now(), updated_at = now(), last_error = null,
        text = '', html = '', links = '{}', template = null
        where id = any(${sql.param(sent.map((mail) => mail.id))}::uuid[])`,
    );
    return;
  }
  const column = (field: (mail: Mail) => string) =>
    sql.param(sent.map((mail) => (mail.rendered ? field(mail.rendered) : null)));
  await db.execute(
    sql`update mails set status = 'sent', transport = ${kind}, attempts = attempts + 1,
      sent_at = now(), updated_at = now(), last_error = null,
      text = coalesce(body.text, mails.text),
      links = coalesce(string_to_array(body.links, ' '), mails.links)
      from unnest(${sql.param(sent.map((mail) => mail.id))}::uuid[], ${column((mail) => mail.text)}::text[],
                  ${column((mail) => mail.links.join(' '))}::text[])
        as body(id, text, links)
      where mails.id = body.id`,
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
