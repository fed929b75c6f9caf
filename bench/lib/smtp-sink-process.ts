import { fork, type ChildProcess } from 'node:child_process';
import { root } from './processes.ts';

export type SinkCount = { received: number; distinct: number };

export type SmtpSink = {
  child: ChildProcess;
  port: number;
  /** Messages received so far, and their distinct Message-IDs. */
  count: () => Promise<SinkCount>;
};

/** Starts the local SMTP relay of smtp-sink.ts in its own process (its CPU measured apart). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const child = fork(`${root}/bench/lib/smtp-sink.ts`, [], {
    execArgv: ['--import', 'tsx'],
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message) => resolve((message as { port: number }).port)),
  );
  const count = () =>
    new Promise<SinkCount>((resolve) => {
      child.once('message', (message) => resolve(message as SinkCount));
      child.send('count');
    });
  return { child, port, count };
}
