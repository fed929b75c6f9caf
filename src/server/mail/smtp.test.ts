import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, users } from '#server/db/schema.ts';
import {
  findUser,
  linkIn,
  logIn,
  signupFields,
  uniqueEmail,
  verifyWithLink,
} from '#server/testing/auth-helpers.ts';
import { settleMails } from '#server/testing/mail-helpers.ts';
import { request, seedContest, seedUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import { adminMessages } from '#shared/contracts/admin.ts';
import { authMessages } from '#shared/messages.ts';

type ReceivedMail = { from: string; to: string[]; raw: string };

/** Rejects recipients whose address starts with this, to simulate a delivery failure. */
const BOUNCE_PREFIX = 'bounce-';

/** Decodes quoted-printable: soft line breaks (`=` at line end) vanish, `=XX` are UTF-8 bytes. */
function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

type MimePart = { headers: Record<string, string>; body: string };

function splitHeaders(entity: string): MimePart {
  const [head = '', ...rest] = entity.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Headers of the message and its decoded leaf parts (multipart nesting included). */
function parseMail(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const message = splitHeaders(raw);
  const leaves = (entity: MimePart): MimePart[] => {
    const boundary = entity.headers['content-type']?.match(/boundary="?([^";]+)"?/i)?.[1];
    if (!boundary) return [{ headers: entity.headers, body: decodeBody(entity) }];
    return entity.body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((chunk) => leaves(splitHeaders(chunk.replace(/^\r?\n/, ''))));
  };
  return { headers: message.headers, parts: leaves(message) };
}

function partOfType(mail: ReturnType<typeof parseMail>, type: string): string {
  const part = mail.parts.find((candidate) =>
    candidate.headers['content-type']?.toLowerCase().startsWith(type),
  );
  if (!part) throw new Error(`no ${type} part`);
  return part.body;
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith(BOUNCE_PREFIX)) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The newest mail to `email` with this subject: the queue sends a request's mails in any order. */
  function mailTo(email: string, subject: string): ReturnType<typeof parseMail> {
    const mail = received
      .map((candidate) => ({ candidate, parsed: parseMail(candidate.raw) }))
      .filter(
        ({ candidate, parsed }) =>
          candidate.to.includes(email) && parsed.headers.subject === subject,
      )
      .at(-1);
    if (!mail) throw new Error(`the SMTP server received no mail "${subject}" for ${email}`);
    return mail.parsed;
  }

  it('delivers the verification mail, and its link verifies the account', async () => {
    const fields = signupFields({ firstName: 'Zoë' });
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fields });
    expect(signup.statusCode).toBe(201);
    await settleMails(t);

    const envelope = received.find((candidate) => candidate.to.includes(fields.email));
    expect(envelope?.from).toBe('no-reply@prizewheel.local');
    const mail = mailTo(fields.email, 'Verify your email for Prizewheel');
    expect(mail.headers.to).toContain(fields.email);
    expect(mail.headers.from).toContain('no-reply@prizewheel.local');

    const text = partOfType(mail, 'text/plain');
    expect(text).toContain('Hi Zoë,');
    const link = linkIn(text, '/verify-email');
    expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    // The HTML part carries the very same link.
    expect(partOfType(mail, 'text/html')).toContain(`href="${link}"`);

    expect((await logIn(t, fields)).statusCode).toBe(403);
    expect((await verifyWithLink(t, link, fields.password)).statusCode).toBe(200);
    expect((await findUser(t, fields.email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await logIn(t, fields)).statusCode).toBe(200);
  });

  it('delivers the reset mail with a working APP_URL/reset-password link', async () => {
    const fields = signupFields();
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fields });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: fields.email },
    });
    expect(forgot.statusCode).toBe(200);
    await settleMails(t);
    const mail = mailTo(fields.email, 'Reset your Prizewheel password');
    const link = linkIn(partOfType(mail, 'text/plain'), '/reset-password');
    const token = new URL(link).searchParams.get('token');

    const newPassword = 'a brand new passphrase';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(t, { email: fields.email, password: newPassword })).statusCode).toBe(200);
  });

  it('keeps no body of a mail handed to the relay (its links held tokens)', async () => {
    expect(received.length).toBeGreaterThan(0);
    const sent = await t.database.db.select().from(mails).where(eq(mails.status, 'sent'));
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      expect(mail).toMatchObject({
        transport: 'smtp',
        text: '',
        html: '',
        links: [],
        template: null,
      });
    }
  });

  it('still creates the account when the mail server refuses the mail', async () => {
    const fields = signupFields({ email: uniqueEmail(BOUNCE_PREFIX.slice(0, -1)) });
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fields });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toEqual({ message: authMessages.signupSuccess });
    expect(await findUser(t, fields.email)).toBeDefined();
    await settleMails(t);
    expect(received.some((mail) => mail.to.includes(fields.email))).toBe(false);

    // Failed delivery does not reveal that the account exists.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: fields.email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: authMessages.resetLinkSent });
  });

  describe("an entrant's mail", () => {
    /** An owner whose name tries to add a header of its own, with quotes and commas besides. */
    const hostileFirstName = 'Ana\r\nBcc: stolen@attacker.example';
    const hostileLastName = '"Coach", <boss@attacker.example>';

    it('comes from "{owner} via Prizewheel" at our address, answers to the owner, and an owner\'s name cannot add headers', async () => {
      const owner = await seedUser(t);
      await t.database.db
        .update(users)
        .set({ firstName: hostileFirstName, lastName: hostileLastName })
        .where(eq(users.id, owner.id));
      const contest = await seedContest(t.database, owner, { requireConfirmation: true });
      const email = uniqueEmail('entrant');
      const entry = await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name: 'Entrant', email },
      });
      expect(entry.statusCode).toBe(201);
      await settleMails(t);

      // The envelope goes to the entrant alone; nobody the owner's name named gets a copy.
      const envelopes = received.filter((candidate) => candidate.to.includes(email));
      expect(envelopes).toHaveLength(1);
      expect(envelopes[0]!.to).toEqual([email]);
      expect(envelopes[0]!.from).toBe('no-reply@prizewheel.local');
      expect(received.some((candidate) => candidate.to.some((to) => to.includes('attacker')))).toBe(
        false,
      );

      const head = envelopes[0]!.raw.split(/\r?\n\r?\n/)[0]!;
      expect(head).not.toMatch(/^bcc:/im);
      const mail = mailTo(email, `Confirm your entry: ${contest.title}`);
      const from = mail.headers.from!;
      // Our address, the owner's name only as the display name, on one line, encoded or quoted.
      expect(from).toMatch(/<no-reply@prizewheel\.local>$/);
      expect(decodeWords(from)).not.toMatch(/[\r\n]/);
      expect(decodeWords(from).replace(/\\"/g, '"')).toContain(
        'Ana Bcc: stolen@attacker.example "Coach", <boss@attacker.example> via Prizewheel',
      );
      expect(mail.headers['reply-to']).toBe(owner.email);
    });
  });

  describe('the admin e-mail test', () => {
    const sendTest = async (email: string) =>
      request(t, await seedUser(t, 'admin'), {
        method: 'POST',
        url: '/api/admin/test-email',
        payload: { email },
      });

    it('sends the test mail over SMTP and says so', async () => {
      const email = uniqueEmail('debug');
      const response = await sendTest(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: adminMessages.testEmailSent(email, 'smtp'),
        transport: 'smtp',
      });
      expect(mailTo(email, 'Prizewheel test email').headers.to).toContain(email);
    });

    it("answers 502 with the mail server's own words when it refuses the address", async () => {
      const response = await sendTest(uniqueEmail(BOUNCE_PREFIX.slice(0, -1)));
      expect(response.statusCode).toBe(502);
      const { message, code } = response.json() as { message: string; code: string };
      expect(message).toMatch(/^The mail server did not accept the test email: .*550/);
      expect(code).toBe('MAIL_RELAY_FAILED');
    });
  });
});
