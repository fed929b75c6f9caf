import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as a relay received it: its envelope recipient and its Message-ID header. */
export type CaughtMail = { to: string; messageId: string; subject: string };

export type SmtpCatcher = {
  port: number;
  received: CaughtMail[];
  /** The most SMTP sessions that were open at once. */
  maxSessions(): number;
  /** The distinct Message-IDs received so far. */
  messageIds(): Set<string>;
  close(): Promise<void>;
};

const headerOf = (raw: string, name: string) =>
  raw.match(new RegExp(`^${name}:[ \\t]*(.+)$`, 'im'))?.[1]?.trim() ?? '';

/**
 * A local SMTP relay that accepts everything and keeps each message's recipient and id;
 * `answerDelayMs` makes it a slow relay (each message is acknowledged that long after its data).
 */
export async function startSmtpCatcher(
  port = 0,
  options: { answerDelayMs?: number } = {},
): Promise<SmtpCatcher> {
  const received: CaughtMail[] = [];
  let sessions = 0;
  let maxSessions = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      sessions += 1;
      maxSessions = Math.max(maxSessions, sessions);
      callback();
    },
    onClose() {
      sessions -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/, 1)[0]!;
        for (const recipient of session.envelope.rcptTo) {
          received.push({
            to: recipient.address,
            messageId: headerOf(head, 'Message-ID'),
            subject: headerOf(head, 'Subject'),
          });
        }
        if (options.answerDelayMs) setTimeout(callback, options.answerDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client killed mid-session resets its connection: the session ends, the relay goes on.
  server.on('error', () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    maxSessions: () => maxSessions,
    messageIds: () => new Set(received.map((mail) => mail.messageId)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
