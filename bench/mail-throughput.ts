/**
 * 10,000 queued mails to a local SMTP relay (issue 26): how fast one server's worker hands them
 * over (the SMTP pool's 5 connections, rounds of 50) and what that costs per 1,000 mails, on
 * PostgreSQL and on PGlite, beside the relay's own CPU for the same mails (smtp-server in a
 * process of its own). The mails are queued before the server starts (their rows, as a burst
 * of entries would leave them), so the figures are the sending alone; they are taken from the
 * moment the server answers its health check, and count the mails sent from then on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import type { Database } from '#server/db/client.ts';
import { JobQueue } from '#server/jobs/job-queue.ts';
import { createMailQueue, type MailToQueue } from '#server/mail/mail-queue.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { startPrizewheel } from './lib/prizewheel-process.ts';
import { cpuMs } from './lib/processes.ts';
import { startSmtpSink } from './lib/smtp-sink-process.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const QUEUE_CHUNK = 1000;

export type MailThroughput = {
  engine: 'postgres' | 'pglite';
  mails: number;
  seconds: number;
  mailsPerSecond: number;
  serverCpuMsPer1000: number;
  relayCpuMsPer1000: number;
  deliveries: number;
  distinctMessageIds: number;
};

/** Queues MAILS entry-confirmation-like mails through the product's own queue, no worker running. */
async function queueMails(database: Database) {
  const log = pino({ level: 'silent' });
  const jobs = new JobQueue(database.jobDatabase, log);
  const queue = createMailQueue({
    db: database.db,
    jobs,
    // Never used: this process only queues.
    transport: createMailTransport({
      smtpUrl: undefined,
      from: 'bench@example.com',
      appUrl: 'http://127.0.0.1',
      maxConnections: 1,
      log,
      logLinks: false,
    }),
    log,
    appUrl: 'http://127.0.0.1',
    vacuumsMails: false,
  });
  await jobs.start({ work: false });
  for (let start = 0; start < MAILS; start += QUEUE_CHUNK) {
    const items: MailToQueue[] = Array.from(
      { length: Math.min(QUEUE_CHUNK, MAILS - start) },
      (_, offset) => ({
        purpose: 'entry-confirmation',
        to: `fan-${start + offset}@example.com`,
        subject: 'Confirm your entry: Viral giveaway',
        text: `Please confirm your entry: http://127.0.0.1/entries/confirm?token=${'x'.repeat(43)}`,
        html: `<p>Please confirm your entry.</p>`,
        links: [],
        senderName: 'Olive via Prizewheel',
      }),
    );
    await database.db.transaction((tx) => queue.queue(tx, items));
  }
  await jobs.stop(1000);
}

async function measure(engine: 'postgres' | 'pglite'): Promise<MailThroughput> {
  const sink = await startSmtpSink();
  try {
    const app = await startPrizewheel(engine, {
      prepare: queueMails,
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
    try {
      const startedAt = Date.now();
      const atStart = await sink.count();
      const serverCpuBefore = cpuMs(app.pid);
      const relayCpuBefore = cpuMs(sink.child.pid!);
      let now = atStart;
      const deadline = Date.now() + 600_000;
      while (now.distinct < MAILS) {
        if (Date.now() > deadline)
          throw new Error(`${engine}: ${now.distinct} of ${MAILS} mails after 10 min`);
        await sleep(100);
        now = await sink.count();
      }
      const seconds = (Date.now() - startedAt) / 1000;
      const sent = MAILS - atStart.distinct;
      const per1000 = (ms: number) => (ms / Math.max(1, sent)) * 1000;
      return {
        engine,
        mails: sent,
        seconds,
        mailsPerSecond: sent / seconds,
        serverCpuMsPer1000: per1000(cpuMs(app.pid) - serverCpuBefore),
        relayCpuMsPer1000: per1000(cpuMs(sink.child.pid!) - relayCpuBefore),
        deliveries: now.received,
        distinctMessageIds: now.distinct,
      };
    } finally {
      await app.dispose();
    }
  } finally {
    sink.child.disconnect();
  }
}

export async function benchMailThroughput(): Promise<MailThroughput[]> {
  return [await measure('postgres'), await measure('pglite')];
}

export function reportMailThroughput(results: MailThroughput[]): string[] {
  return results.map(
    (result) =>
      `${result.engine}: ${result.mails.toLocaleString('en')} mails in ${result.seconds.toFixed(1)} s = ${result.mailsPerSecond.toFixed(0)} mails/s; CPU per 1,000 mails: server ${result.serverCpuMsPer1000.toFixed(0)} ms, the SMTP relay itself ${result.relayCpuMsPer1000.toFixed(0)} ms (${(result.serverCpuMsPer1000 / result.relayCpuMsPer1000).toFixed(2)}x the relay's); ${result.deliveries} deliveries, ${result.distinctMessageIds} distinct Message-IDs`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of reportMailThroughput(await benchMailThroughput())) console.log(line);
}
