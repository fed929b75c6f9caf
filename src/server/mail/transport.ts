import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { queryRows, type Db } from '#server/db/client.ts';

export type Mail = { to: string; subject: string; text: string; html: string; links: string[] };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
};

/**
 * SMTP when configured; otherwise the outbox table. A developer without SMTP reads the links
 * (tokens included) in the log; a production log never holds them unless MAIL_LOG_LINKS=on, and
 * names no recipient (decision 013).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  logLinks: boolean;
}): Mailer {
  const { smtpUrl, from, db, log, logLinks } = options;
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        const sent = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log.info({ subject: mail.subject, messageId: sent.messageId }, 'mail sent over SMTP');
      },
    };
  }
  const writeToOutbox = batchOutboxWrites(db);
  return {
    kind: 'outbox',
    async send(mail) {
      const outboxId = await writeToOutbox(mail);
      if (logLinks) {
        log.info(
          { to: mail.to, subject: mail.subject, links: mail.links },
          `Outbox (no SMTP_URL): "${mail.subject}" for ${mail.to}: ${mail.links.join(' ')}`,
        );
      } else {
        log.info(
          { subject: mail.subject, outboxId },
          'mail held in the outbox (no SMTP_URL; MAIL_LOG_LINKS=on prints its links)',
        );
      }
    },
  };
}

type QueuedMail = { mail: Mail; resolve: (id: string) => void; reject: (error: unknown) => void };

/**
 * Outbox rows written together: the mails sent within one turn of the event loop go in one
 * INSERT. A viral contest with referrals mails every entrant, and one transaction per mail cost
 * more than the entry itself (docs/decisions/021-referrals.md).
 */
function batchOutboxWrites(db: Db): (mail: Mail) => Promise<string> {
  let queued: QueuedMail[] = [];
  async function flush() {
    const batch = queued;
    queued = [];
    const column = (field: (mail: Mail) => string) =>
      sql.param(batch.map(({ mail }) => field(mail)));
    try {
      // One parameter per column (unnest), not per value: building a parameter per value of a
      // few hundred mails cost the query builder more than the insert.
      const rows = await queryRows<{ id: string }>(
        db,
        sql`insert into mail_outbox (recipient, subject, text, html)
          select * from unnest(${column((mail) => mail.to)}::text[], ${column((mail) => mail.subject)}::text[],
                               ${column((mail) => mail.text)}::text[], ${column((mail) => mail.html)}::text[])
          returning id`,
      );
      batch.forEach((item, index) => item.resolve(rows[index]!.id));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
  return (mail) =>
    new Promise((resolve, reject) => {
      if (queued.length === 0) setImmediate(() => void flush());
      queued.push({ mail, resolve, reject });
    });
}
