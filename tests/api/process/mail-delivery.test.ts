import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { seedOpenContest, type DeploymentDatabase } from '#server/testing/deployment-database.ts';
import { ENTRY_TIMEOUT_MS, isAcknowledged, postEntry } from '#server/testing/entry-load.ts';
import { freePort } from '#server/testing/listening-app.ts';
import {
  countBy,
  PROCESS_TEST_TIMEOUT_MS,
  processTests,
  report,
  waitUntil,
} from '#server/testing/process-tests.ts';
import { createDatabase } from '#server/testing/processes.ts';
import { serverEnv, startServer, type ServerProcess } from '#server/testing/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '#server/testing/smtp-catcher.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';

const engine = testDatabaseKind();

/** How long SMTP stays down in the outage test (the minute). */
const OUTAGE_MS = 60_000;
/** Every mail must have arrived this long after the relay opened. */
const DELIVERED_WITHIN_MS = 120_000;
/** The outage test waits its minute, then up to two for the mails. */
const MAIL_TEST_TIMEOUT_MS = PROCESS_TEST_TIMEOUT_MS + OUTAGE_MS + DELIVERED_WITHIN_MS;

async function freshDeployment(): Promise<DeploymentDatabase> {
  if (engine === 'postgres') {
    const created = await createDatabase(process.env.TEST_DATABASE_URL!, 'pw_mail');
    onTestFinished(created.drop);
    return { databaseUrl: created.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-mail-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/**
 * A fresh deployment with one open contest that asks its entrants to confirm (each entry mails
 * its link), and the environment of its servers, mailing through the relay on `smtpPort`.
 */
async function mailingDeployment(smtpPort: number) {
  const target = await freshDeployment();
  const contestId = await seedOpenContest(target, { requireConfirmation: true });
  const env = {
    ...serverEnv(target),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMIT: 'off',
  };
  return { contestId, env };
}

/** A local relay, closed when the test ends. */
async function relayForTest(...options: Parameters<typeof startSmtpCatcher>) {
  const catcher = await startSmtpCatcher(...options);
  onTestFinished(catcher.close);
  return catcher;
}

/** `count` entrants with addresses of their own, `concurrency` at a time, over `servers` in turn. */
async function enterMany(
  servers: ServerProcess[],
  contestId: string,
  count: number,
  prefix: string,
  concurrency = 50,
) {
  const answers = [];
  for (let start = 0; start < count; start += concurrency) {
    const chunk = Array.from({ length: Math.min(concurrency, count - start) }, (_, offset) => {
      const index = start + offset;
      return postEntry(servers[index % servers.length]!.url, contestId, {
        name: `Fan ${index}`,
        email: `${prefix}-${index}@example.com`,
      });
    });
    answers.push(...(await Promise.all(chunk)));
  }
  return answers;
}

async function signUp(server: ServerProcess, email: string, index: number) {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${index}` },
    body: JSON.stringify({
      email,
      password: 'correct horse battery',
      firstName: 'Sign',
      lastName: 'Up',
    }),
    signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * Every mail reached each recipient as one message: whatever copies the relay got (a send
 * repeated after its acknowledgement was lost) carry one Message-ID per recipient.
 */
function expectOneMessagePerRecipient(catcher: SmtpCatcher, recipients: string[]) {
  const idsByRecipient = new Map<string, Set<string>>();
  for (const mail of catcher.received) {
    const ids = idsByRecipient.get(mail.to) ?? new Set();
    ids.add(mail.messageId);
    idsByRecipient.set(mail.to, ids);
  }
  expect(recipients.filter((recipient) => !idsByRecipient.has(recipient))).toEqual([]);
  const twice = [...idsByRecipient].filter(([, ids]) => ids.size !== 1);
  expect(twice).toEqual([]);
  expect(catcher.received.every((mail) => /^<[\w-]+@[\w.-]+>$/.test(mail.messageId))).toBe(true);
}

/**
 * Mail through the durable queue as deployed (docs/decisions/041-mails-sent-from-their-rows.md): what the
 * server acknowledged is mailed, whatever happened to SMTP or to the process meanwhile.
 */
describe.runIf(processTests() && (engine === 'pglite' || process.env.TEST_DATABASE_URL))(
  `mail through the durable queue (${engine})`,
  { timeout: MAIL_TEST_TIMEOUT_MS },
  () => {
    it('delivers the 520 mails taken while SMTP was down, once, when it opens a minute later', async () => {
      const smtpPort = await freePort();
      const { contestId, env } = await mailingDeployment(smtpPort);
      const server = await startServer(env);
      onTestFinished(server.kill);
      onTestFailed(() => console.error(server.output()));

      const downSince = Date.now();
      const entries = await enterMany([server], contestId, 500, 'down');
      expect(countBy(entries.map((answer) => answer.status))).toEqual({ 201: 500 });
      const signUps = Array.from({ length: 20 }, (_, index) => `signup-${index}@example.com`);
      const signUpStatuses = await Promise.all(
        signUps.map((email, index) => signUp(server, email, index)),
      );
      expect(countBy(signUpStatuses)).toEqual({ 201: 20 });

      await sleep(Math.max(0, downSince + OUTAGE_MS - Date.now()));
      const catcher = await relayForTest(smtpPort);
      const openedAt = Date.now();
      const recipients = [...entries.map((answer) => answer.email), ...signUps];
      await waitUntil(
        '520 distinct mails at the relay',
        () => catcher.messageIds().size >= recipients.length,
        DELIVERED_WITHIN_MS,
      );
      const tookMs = Date.now() - openedAt;
      await sleep(2000);
      report(
        `SMTP down ${OUTAGE_MS / 1000} s on ${engine}: ${recipients.length} mails arrived ` +
          `${(tookMs / 1000).toFixed(1)} s after the relay opened ` +
          `(${catcher.received.length} deliveries, ${catcher.messageIds().size} Message-IDs)`,
      );
      expect(catcher.messageIds().size).toBe(recipients.length);
      expectOneMessagePerRecipient(catcher, recipients);
    });

    it('mails every acknowledged entry after kill -9 within 50 ms of the last answer', async () => {
      const catcher = await relayForTest();
      const { contestId, env } = await mailingDeployment(catcher.port);
      const first = await startServer(env);
      onTestFinished(first.kill);

      const answers = await enterMany([first], contestId, 300, 'crash', 100);
      // The signal goes at once; waiting for the process to be gone comes after.
      process.kill(first.pid, 'SIGKILL');
      const killedAfterMs =
        Date.now() - Math.max(...answers.map((answer) => answer.at + answer.ms));
      await first.kill();
      const acknowledged = answers.filter(isAcknowledged).map((answer) => answer.email);
      expect(acknowledged).toHaveLength(300);
      const beforeRestart = catcher.messageIds().size;

      const restarted = await startServer(env, { port: first.port });
      onTestFinished(restarted.kill);
      onTestFailed(() => console.error(restarted.output()));
      await waitUntil(
        'a mail for every acknowledged entry',
        () => new Set(catcher.received.map((mail) => mail.to)).size >= acknowledged.length,
        DELIVERED_WITHIN_MS,
      );
      await sleep(2000);
      report(
        `kill -9 on ${engine} ${killedAfterMs} ms after the last of 300 answers: ` +
          `${beforeRestart} mails out before the kill, all 300 after the restart ` +
          `(${catcher.received.length} deliveries, ${catcher.messageIds().size} Message-IDs)`,
      );
      expect(killedAfterMs).toBeLessThan(50);
      expect(catcher.messageIds().size).toBe(300);
      expectOneMessagePerRecipient(catcher, acknowledged);
      // The SMTP pool: never more than SMTP_MAX_CONNECTIONS (5) sockets from one instance.
      expect(catcher.maxSessions()).toBeLessThanOrEqual(5);
    });

    it('lets the mails in flight finish on SIGTERM and leaves the rest queued for the next start', async () => {
      // A slow relay: each message is acknowledged half a second after its data.
      const catcher = await relayForTest(0, { answerDelayMs: 500 });
      const { contestId, env } = await mailingDeployment(catcher.port);
      const first = await startServer(env);
      onTestFinished(first.kill);
      const answers = await enterMany([first], contestId, 200, 'term', 100);
      expect(answers.every(isAcknowledged)).toBe(true);
      await waitUntil('the first mails at the relay', () => catcher.received.length > 0, 30_000);

      const signalledAt = Date.now();
      await first.stop();
      const stoppedInMs = Date.now() - signalledAt;
      const atStop = catcher.messageIds().size;
      expect(stoppedInMs).toBeLessThan(15_000);
      expect(atStop).toBeLessThan(200);

      const restarted = await startServer(env, { port: first.port });
      onTestFinished(restarted.kill);
      onTestFailed(() => console.error(first.output(), restarted.output()));
      await waitUntil(
        'a mail for every entry after the restart',
        () => catcher.messageIds().size >= 200,
        DELIVERED_WITHIN_MS,
      );
      report(
        `SIGTERM on ${engine} with mails in flight to a slow relay: stopped in ${stoppedInMs} ms, ` +
          `${atStop} of 200 mails out by then, the rest after the restart ` +
          `(${catcher.received.length} deliveries, ${catcher.messageIds().size} Message-IDs)`,
      );
      expectOneMessagePerRecipient(
        catcher,
        answers.map((answer) => answer.email),
      );
    });
  },
);

describe.runIf(processTests() && engine === 'postgres')(
  'mail from two instances on one PostgreSQL',
  { timeout: MAIL_TEST_TIMEOUT_MS },
  () => {
    it('sends each of 1,000 double-opt-in entries spread over both one mail', async () => {
      const catcher = await relayForTest();
      const { contestId, env } = await mailingDeployment(catcher.port);
      const servers = await Promise.all([startServer(env), startServer(env)]);
      onTestFinished(() => Promise.all(servers.map((server) => server.kill())).then(() => {}));

      const answers = await enterMany(servers, contestId, 1000, 'pair', 100);
      expect(countBy(answers.map((answer) => answer.status))).toEqual({ 201: 1000 });
      const started = Date.now();
      await waitUntil(
        '1,000 distinct mails at the relay',
        () => catcher.messageIds().size >= 1000,
        DELIVERED_WITHIN_MS,
      );
      await sleep(3000);
      report(
        `two instances: 1,000 confirmation mails out ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `after the last answer (${catcher.received.length} deliveries)`,
      );
      expect(catcher.received).toHaveLength(1000);
      expectOneMessagePerRecipient(
        catcher,
        answers.map((answer) => answer.email),
      );
    });
  },
);
