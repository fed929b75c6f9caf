import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { PRODUCT_NAME } from '#shared/constants.ts';

/** A mail as templates make it, before it is queued. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Where a reply goes: an entrant's mail answers to the contest's owner. */
  replyTo?: string;
};

/** A queued mail as its sender hands it over: the row's id makes its Message-ID. */
export type OutgoingMail = Mail & { id: string; senderName: string | null };

export type MailTransport = {
  kind: 'smtp' | 'outbox';
  /** Hands one mail over; throws what the relay answered (see isPermanentRefusal). */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * SMTP's sockets wait at most this long for a greeting or an answer: within the 10-s shutdown
 * grace, so a mail in flight at SIGTERM finishes or fails before the process ends.
 */
export const SMTP_TIMEOUT_MS = 8000;

/**
 * A name fit for the From line's display name: one line, no control or invisible formatting
 * characters (an owner named "Ana\r\nBcc: x@y" must not add a header, nor a line a mail program
 * shows apart), spaces collapsed. Quotes, commas, angle brackets and non-ASCII letters stay:
 * nodemailer quotes or encodes the display name (RFC 5322 and 2047) given as `{ name, address }`,
 * so they cannot change the address, which stays ours.
 */
export function displayNameForHeader(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whom an entrant's mail comes from, as its From's display name: the brand's name, else the
 * owner's, "via" the platform (decision 028), each made one header-safe line.
 */
export function entrantSenderName(brandName: string | null, ownerName: string | null): string {
  const organiser =
    (brandName && displayNameForHeader(brandName)) ||
    (ownerName && displayNameForHeader(ownerName));
  return organiser ? `${organiser} via ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The address part of MAIL_FROM ("Prizewheel <no-reply@…>" or a bare address). */
function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

/**
 * The same id for every attempt at one mail: a resend after a lost acknowledgement is the same
 * message, which mail servers and clients recognise as such.
 */
export function messageIdOf(mailId: string, appUrl: string): string {
  return `<${mailId}@${new URL(appUrl).hostname}>`;
}

/**
 * SMTP when configured, as a pool of at most `maxConnections` sockets, so a slow relay cannot
 * pile them up; otherwise the outbox: the mail stays in the mails table, which a developer reads,
 * and its links go to the log unless that is off (decision 013: never in production by default).
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  appUrl: string;
  maxConnections: number;
  log: FastifyBaseLogger;
  logLinks: boolean;
}): MailTransport {
  const { smtpUrl, from, appUrl, log, logLinks } = options;
  if (smtpUrl) {
    const transport = createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: options.maxConnections,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof createTransport>[0]);
    return {
      kind: 'smtp',
      async deliver(mail) {
        await transport.sendMail({
          from: mail.senderName
            ? { name: displayNameForHeader(mail.senderName), address: addressOf(from) }
            : from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: messageIdOf(mail.id, appUrl),
        });
        log.info({ mailId: mail.id }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async deliver(mail) {
      if (logLinks) {
        log.info(
          { to: mail.to, subject: mail.subject, links: mail.links },
          `Outbox (no SMTP_URL): "${mail.subject}" for ${mail.to}: ${mail.links.join(' ')}`,
        );
      } else {
        log.info(
          { mailId: mail.id },
          'mail held in the outbox (no SMTP_URL; MAIL_LOG_LINKS=on prints its links)',
        );
      }
    },
    close: () => {},
  };
}

/**
 * A refusal that trying again cannot change: the relay answered 5xx (550 mailbox unavailable,
 * 553 bad address). Connection failures, timeouts and 4xx answers are temporary.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** nodemailer's reply text (e.g. "550 5.1.1 mailbox unavailable") or its error code. */
export function describeMailFailure(error: unknown): string {
  const { response, code } = (error ?? {}) as { response?: unknown; code?: unknown };
  if (typeof response === 'string' && response) return response.slice(0, 300);
  if (typeof code === 'string' && code) return code;
  return 'the transport failed.';
}
