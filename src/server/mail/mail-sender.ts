import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryPreparedRows, queryRows, type Db } from '#server/db/client.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';
import { renderEntryMail, type EntryMailTemplate } from './templates.ts';
import {
  describeMailFailure,
  isPermanentRefusal,
  type MailTransport,
  type OutgoingMail,
} from './transport.ts';

/**
 * Mails taken by one round: an SMTP round is recorded as sent once its mails are out, so an
 * instance killed mid-round sends again (under the same Message-IDs) at most this many; the
 * outbox hands a round over in a moment, and larger rounds cost fewer statements.
 */
const ROUND_SIZE = { smtp: 50, outbox: 500 } as const;

/**
 * A round's mails are its sender's for this long, renewed every third of it while they are
 * sent: a round whose instance died (kill -9) is taken again once it has passed.
 */
const CLAIM_SECONDS = 30;

/**
 * How often an idle sender looks for due mails (queued by another instance, a retry whose wait
 * is over, a round released by a stopped instance): the instance that queues a mail wakes its
 * own sender at once.
 */
const POLL_MS = 1000;

/**
 * Rounds start at most this often while entries keep queueing mails, so a burst is sent in a
 * few large rounds instead of one per entry batch (each round is two statements).
 */
const ROUND_GAP_MS = 100;

/** A wake waits this long, so the transaction that queued the mail has committed. */
const WAKE_DELAY_MS = 20;

/**
 * The embedded database has no autovacuum: every mail sent leaves a dead entry in the index of
 * waiting mails, which each round's scan walks again from the oldest (a round cost 1.7 times as
 * much after 120,000 mails). Its sender vacuums the table after this many.
 */
const VACUUM_EVERY_MAILS = 5000;

/**
 * A temporary failure waits between half and all of `5 s * 2^(attempts - 1)`, at most an hour:
 * a relay back after a minute's outage gets every waiting mail within about as long again, and a
 * mail is tried until its `retry_until` (24 h after it was queued, decision 041) has passed.
 */
function retryDelaySeconds(attempts: number): number {
  const full = Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
  return full / 2 + (Math.random() * full) / 2;
}

type ClaimedMail = OutgoingMail & { template: EntryMailTemplate | null; attempts: number };

type FailedMail = { id: string; answer: string; permanent: boolean; attempts: number };

const withoutAddresses = (text: string) => text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');

export type MailSender = {
  /** Starts the rounds: the mails already due (a restart's) go first. */
  start(): void;
  /** This instance queued mails: a round starts soon, not at the next poll. */
  wake(): void;
  /**
   * Starts no new round, lets the one in flight finish for at most `graceMs`, then hands its
   * unsent mails back (another instance, or the next start, takes them at once).
   */
  stop(graceMs: number): Promise<void>;
};

/**
 * Sends the `mails` rows (docs/decisions/041-mails-sent-from-their-rows.md): each round takes
 * the due mails with `FOR UPDATE SKIP LOCKED` (one mail, one sender, however many instances),
 * hands them over side by side (a refused recipient never holds up the others), and records
 * the round's outcome in two statements at most.
 */
export function createMailSender(options: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** APP_URL: an entrant's mail, rendered when sent, links to the entrant's page there. */
  appUrl: string;
  /** The embedded database, which vacuums nothing by itself. */
  vacuumsMails: boolean;
}): MailSender {
  const { db, transport, log, appUrl } = options;
  let sentSinceVacuum = 0;
  const roundSize = ROUND_SIZE[transport.kind];
  let isRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let nextRoundAt = Infinity;
  let lastRoundAt = 0;
  let round: Promise<void> | undefined;
  let wokenDuringRound = false;
  /** The mails of the round in flight not yet recorded. */
  const inFlight = new Set<string>();

  function scheduleRound(delayMs: number) {
    if (!isRunning) return;
    const at = Math.max(Date.now() + delayMs, lastRoundAt + ROUND_GAP_MS);
    if (at >= nextRoundAt) return;
    clearTimeout(timer);
    nextRoundAt = at;
    timer = setTimeout(runRound, at - Date.now());
  }

  function runRound() {
    nextRoundAt = Infinity;
    lastRoundAt = Date.now();
    wokenDuringRound = false;
    round = sendRound()
      .catch((error: unknown) => {
        // The database is away, most likely: the mails stay queued; the next poll tries again.
        log.warn({ failure: describeFailure(error) }, 'mail round failed');
        return 0;
      })
      .then((taken) => {
        round = undefined;
        scheduleRound(taken === roundSize || wokenDuringRound ? 0 : POLL_MS);
      });
  }

  /** One round: takes the due mails, sends them, records what happened; returns how many. */
  async function sendRound(): Promise<number> {
    const taken = transport.kind === 'outbox' ? await handOverToOutbox() : await sendToRelay();
    sentSinceVacuum += taken;
    if (options.vacuumsMails && sentSinceVacuum >= VACUUM_EVERY_MAILS) {
      sentSinceVacuum = 0;
      await db.execute(sql`vacuum mails`);
    }
    return taken;
  }

  /** Takes up to a round of due mails, hands them to the relay, records what happened. */
  async function sendToRelay(): Promise<number> {
    const claimed = await claimDueMails(db, roundSize);
    if (claimed.length === 0) return 0;
    for (const mail of claimed) inFlight.add(mail.id);
    const renewal = setInterval(
      () => {
        renewClaims(db, [...inFlight]).catch((error: unknown) =>
          log.warn({ failure: describeFailure(error) }, 'mail claim not renewed'),
        );
      },
      (CLAIM_SECONDS * 1000) / 3,
    );
    try {
      const sent: string[] = [];
      const failed: FailedMail[] = [];
      await Promise.all(claimed.map((mail) => sendOne(mail, sent, failed)));
      // Stopped meanwhile: its grace is over and the unsent mails were handed back.
      if (inFlight.size === 0) return claimed.length;
      if (sent.length > 0) await recordSent(db, sent);
      if (failed.length > 0) await recordFailures(db, failed, log);
      return claimed.length;
    } finally {
      clearInterval(renewal);
      inFlight.clear();
    }
  }

  /**
   * Without SMTP the row is the mail: taking it is sending it, in one statement, and the
   * outbox's "delivery" logs its links afterwards (decision 041).
   */
  async function handOverToOutbox(): Promise<number> {
    const taken = await markDueMailsSent(db, roundSize);
    for (const stored of taken) {
      const rendered = stored.template ? renderEntryMail(stored.to, stored.template, appUrl) : null;
      await transport.deliver(rendered ? { ...stored, ...rendered } : stored);
    }
    return taken.length;
  }

  async function sendOne(stored: ClaimedMail, sent: string[], failed: FailedMail[]) {
    const rendered = stored.template ? renderEntryMail(stored.to, stored.template, appUrl) : null;
    const mail = rendered ? { ...stored, ...rendered } : stored;
    try {
      await transport.deliver(mail);
      sent.push(mail.id);
    } catch (error) {
      const answer = describeMailFailure(error);
      const permanent = isPermanentRefusal(error);
      // The relay's answer often names the recipient: the row keeps it, the log does not
      // (decision 013).
      log.warn(
        { mailId: mail.id, answer: withoutAddresses(answer), permanent },
        'mail not delivered',
      );
      failed.push({ id: mail.id, answer, permanent, attempts: stored.attempts + 1 });
    }
  }

  return {
    start() {
      isRunning = true;
      scheduleRound(0);
    },
    wake() {
      if (round) wokenDuringRound = true;
      else scheduleRound(WAKE_DELAY_MS);
    },
    async stop(graceMs) {
      isRunning = false;
      clearTimeout(timer);
      nextRoundAt = Infinity;
      if (!round) return;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        graceTimer = setTimeout(() => resolve('grace over'), graceMs);
      });
      const outcome = await Promise.race([round.then(() => 'done' as const), graceOver]);
      clearTimeout(graceTimer);
      if (outcome === 'done' || inFlight.size === 0) return;
      const unsent = [...inFlight];
      inFlight.clear();
      await releaseClaims(db, unsent);
      log.info({ mails: unsent.length }, 'mails left queued at shutdown');
    },
  };
}

/** The ids of up to `limit` due mails no sender holds, the longest waiting first, locked. */
const dueMailIds = (limit: number) =>
  sql`select id from mails
    where status in ('queued', 'retrying') and next_attempt_at <= now()
      and (claimed_until is null or claimed_until < now())
    order by next_attempt_at
    limit ${limit}
    for update skip locked`;

/** What a sender reads of a mail it takes. */
const takenFields = sql`id, recipient as "to", sender_name as "senderName", subject, links, template, attempts`;

/** Takes up to `limit` due mails for this sender until CLAIM_SECONDS have passed. */
function claimDueMails(db: Db, limit: number) {
  return queryPreparedRows<ClaimedMail>(
    db,
    sql`update mails set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      where id in (${dueMailIds(limit)})
      returning ${takenFields}, text, html`,
  );
}

/**
 * The outbox's round: its mails are sent as they are taken (it reads no body, and keeps every
 * row as it was queued: an entrant's mail keeps its template, which renders its text on demand).
 */
function markDueMailsSent(db: Db, limit: number) {
  return queryPreparedRows<ClaimedMail>(
    db,
    sql`update mails set status = 'sent', transport = 'outbox', attempts = attempts + 1,
        sent_at = now(), updated_at = now(), last_error = null, claimed_until = null
      where id in (${dueMailIds(limit)})
      returning ${takenFields}, '' as text, '' as html`,
  );
}

async function renewClaims(db: Db, mailIds: string[]) {
  if (mailIds.length === 0) return;
  await queryRows(
    db,
    sql`update mails set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      where id = any(${sql.param(mailIds)}::uuid[]) and status in ('queued', 'retrying')`,
  );
}

async function releaseClaims(db: Db, mailIds: string[]) {
  await queryRows(
    db,
    sql`update mails set claimed_until = null
      where id = any(${sql.param(mailIds)}::uuid[]) and status in ('queued', 'retrying')`,
  );
}

/** A mail handed to an SMTP relay keeps no body nor template: its links held live tokens. */
async function recordSent(db: Db, mailIds: string[]) {
  await queryRows(
    db,
    sql`update mails set status = 'sent', transport = 'smtp', attempts = attempts + 1,
      sent_at = now(), updated_at = now(), last_error = null, claimed_until = null,
      text = '', html = '', links = '{}', template = null
      where id = any(${sql.param(mailIds)}::uuid[])`,
  );
}

/**
 * A permanent refusal is failed with the relay's answer; a temporary one waits its backoff, or
 * is given up (failed) once its mail's `retry_until` has passed.
 */
async function recordFailures(db: Db, failed: FailedMail[], log: FastifyBaseLogger) {
  const outcomes = await queryRows<{ permanent: boolean; status: string }>(
    db,
    sql`update mails set
        status = case when failure.permanent or mails.retry_until <= now() then 'failed' else 'retrying' end,
        attempts = attempts + 1, last_error = failure.answer, updated_at = now(), claimed_until = null,
        next_attempt_at = now() + make_interval(secs => failure.delay)
      from unnest(${sql.param(failed.map((mail) => mail.id))}::uuid[],
                  ${sql.param(failed.map((mail) => mail.permanent))}::boolean[],
                  ${sql.param(failed.map((mail) => mail.answer))}::text[],
                  ${sql.param(failed.map((mail) => retryDelaySeconds(mail.attempts)))}::float8[])
        as failure(id, permanent, answer, delay)
      where mails.id = failure.id
      returning failure.permanent as permanent, mails.status as status`,
  );
  const givenUp = outcomes.filter((row) => !row.permanent && row.status === 'failed').length;
  if (givenUp > 0) log.warn({ mails: givenUp }, 'mails given up after their retries');
}
