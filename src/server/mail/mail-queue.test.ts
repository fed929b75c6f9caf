import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails } from '#server/db/schema.ts';
import { request, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { mailQueueMessages, type MailQueueResponse } from '#shared/contracts/mail-queue.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

/**
 * The mail queue (docs/decisions/041-mails-sent-from-their-rows.md): every mail is a row its
 * sender takes; a temporary failure is tried again, a permanent refusal is not, and the admin
 * sees and retries the failures.
 */

/** A relay that answers each recipient as the test tells it to. */
class ScriptedRelay implements MailTransport {
  kind = 'smtp' as const;
  delivered: OutgoingMail[] = [];
  /** Per recipient, the answers still to give before accepting. */
  answers = new Map<string, Error[]>();

  async deliver(mail: OutgoingMail) {
    const failure = this.answers.get(mail.to)?.shift();
    if (failure) throw failure;
    this.delivered.push(mail);
  }

  close() {}
}

const refusal = (responseCode: number, response: string) =>
  Object.assign(new Error(response), { responseCode, response });
const connectionRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

describe('the mail queue', () => {
  let t: TestApp;
  const relay = new ScriptedRelay();

  const mailRow = (id: string) =>
    t.database.db
      .select()
      .from(mails)
      .where(eq(mails.id, id))
      .then(([row]) => row!);

  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      mailTransport: relay,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(() => {
    relay.answers.clear();
  });

  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'correct horse battery', firstName: 'Ada', lastName: 'L' },
    });

  const mailTo = async (email: string) => {
    await t.app.backgroundTasks.idle();
    const [row] = await t.database.db.select().from(mails).where(eq(mails.recipient, email));
    return row!;
  };

  it('tries a temporary failure again, and the same mail (same id) arrives once', async () => {
    const email = 'later@example.com';
    relay.answers.set(email, [connectionRefused()]);
    expect((await signUp(email)).statusCode).toBe(201);
    const queued = await mailTo(email);
    const retrying = await waitFor(
      () => mailRow(queued.id),
      (row) => row.status !== 'queued',
    );
    expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'ECONNREFUSED' });
    // The first retry waits 2.5 to 5 s.
    const sent = await waitFor(
      () => mailRow(queued.id),
      (row) => row.status === 'sent',
    );
    expect(sent).toMatchObject({ attempts: 2, lastError: null, transport: 'smtp' });
    expect(relay.delivered.filter((mail) => mail.to === email).map((mail) => mail.id)).toEqual([
      queued.id,
    ]);
  });

  it('records a permanent refusal with the relay’s answer and does not try it again', async () => {
    const email = 'nobody@example.com';
    relay.answers.set(email, [refusal(550, `550 5.1.1 <${email}>: mailbox unavailable`)]);
    await signUp(email);
    const queued = await mailTo(email);
    const failed = await waitFor(
      () => mailRow(queued.id),
      (row) => row.status !== 'queued',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: `550 5.1.1 <${email}>: mailbox unavailable`,
    });
    // The log says what happened to which mail, never to whom (decision 013).
    const logged = logLines.filter((line) => line.includes(queued.id));
    expect(logged.some((line) => line.includes('550 5.1.1 <[address]>'))).toBe(true);
    expect(logLines.filter((line) => line.includes(email))).toEqual([]);
    await sleep(6000);
    expect((await mailRow(queued.id)).attempts).toBe(1);
    expect(relay.delivered.some((mail) => mail.to === email)).toBe(false);
  });

  it('shows the admin the last 24 hours and the failures, and retries one under the same id', async () => {
    const admin = await seedUser(t, 'admin');
    const email = 'bounced@example.com';
    relay.answers.set(email, [refusal(553, '553 5.1.3 bad address')]);
    await signUp(email);
    const queued = await mailTo(email);
    await waitFor(
      () => mailRow(queued.id),
      (row) => row.status === 'failed',
    );

    const queue = await request(t, admin, { method: 'GET', url: '/api/admin/mail-queue' });
    expect(queue.statusCode).toBe(200);
    const body = queue.json() as MailQueueResponse;
    expect(body.transport).toBe('smtp');
    expect(body.last24Hours.failed).toBeGreaterThanOrEqual(2);
    expect(body.last24Hours.sent).toBeGreaterThanOrEqual(1);
    expect(body.failed.find((mail) => mail.id === queued.id)).toMatchObject({
      purpose: 'verification',
      recipient: email,
      attempts: 1,
      lastError: '553 5.1.3 bad address',
    });

    // The address is fixed on the relay's side; the admin retries it.
    const retry = await request(t, admin, {
      method: 'POST',
      url: `/api/admin/mail-queue/${queued.id}/retry`,
    });
    expect(retry.json()).toEqual({ message: mailQueueMessages.retried(1), retried: 1 });
    await waitFor(
      () => mailRow(queued.id),
      (row) => row.status === 'sent',
    );
    expect(relay.delivered.filter((mail) => mail.to === email).map((mail) => mail.id)).toEqual([
      queued.id,
    ]);

    // A sent mail has nothing to retry; an unknown one is not found.
    const again = await request(t, admin, {
      method: 'POST',
      url: `/api/admin/mail-queue/${queued.id}/retry`,
    });
    expect(again.statusCode).toBe(409);
    const unknown = await request(t, admin, {
      method: 'POST',
      url: '/api/admin/mail-queue/0190b3d4-7d7d-7e59-8e6b-2090f7ad3ead/retry',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await request(t, admin, {
      method: 'POST',
      url: '/api/admin/mail-queue/not-an-id/retry',
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('retries every failed mail at once, and says when there are none', async () => {
    const admin = await seedUser(t, 'admin');
    const retryAll = () =>
      request(t, admin, { method: 'POST', url: '/api/admin/mail-queue/retry-failed' });
    // Whatever earlier tests left failed is retried (and now accepted).
    await retryAll();
    await waitFor(retryAll, (response) => (response.json() as { retried: number }).retried === 0);
    expect((await retryAll()).json()).toEqual({
      message: mailQueueMessages.nothingToRetry,
      retried: 0,
    });
  });

  it('gives a mail up (failed) once its 24 hours of retries have passed', async () => {
    const email = 'gave-up@example.com';
    relay.answers.set(
      email,
      Array.from({ length: 20 }, () => connectionRefused()),
    );
    await signUp(email);
    const queued = await mailTo(email);
    await waitFor(
      () => mailRow(queued.id),
      (row) => row.status === 'retrying',
    );
    // As if it had been queued a day ago: its next temporary failure is its last.
    await t.database.db
      .update(mails)
      .set({ retryUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now()` })
      .where(eq(mails.id, queued.id));
    const failed = await waitFor(
      () => mailRow(queued.id),
      (row) => row.status !== 'retrying',
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'ECONNREFUSED' });
    expect(relay.delivered.some((mail) => mail.to === email)).toBe(false);
  });

  it('refuses the queue to anyone but an admin', async () => {
    const owner = await seedUser(t, 'user');
    expect(
      (await request(t, owner, { method: 'GET', url: '/api/admin/mail-queue' })).statusCode,
    ).toBe(403);
    expect(
      (await request(t, undefined, { method: 'GET', url: '/api/admin/mail-queue' })).statusCode,
    ).toBe(401);
  });
});
