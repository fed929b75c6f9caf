import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';

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
  return {
    kind: 'outbox',
    async send(mail) {
      const [held] = await db
        .insert(mailOutbox)
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: mailOutbox.id });
      if (logLinks) {
        log.info(
          { to: mail.to, subject: mail.subject, links: mail.links },
          `Outbox (no SMTP_URL): "${mail.subject}" for ${mail.to}: ${mail.links.join(' ')}`,
        );
      } else {
        log.info(
          { subject: mail.subject, outboxId: held?.id },
          'mail held in the outbox (no SMTP_URL; MAIL_LOG_LINKS=on prints its links)',
        );
      }
    },
  };
}
