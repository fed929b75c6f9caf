import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { describeFailure } from './describe-failure.ts';

/**
 * Work that a request causes but its answer must not wait for. The account endpoints answer
 * before they look the address up, so that neither their answer nor its timing tells whether an
 * account exists (decision 011); the lookup and the mail follow once the answer has left.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` once `reply` has been sent in full (or its client has gone). */
  runAfterAnswer(reply: FastifyReply, name: string, task: () => Promise<void>): void {
    let start!: () => void;
    const answered = new Promise<void>((resolve) => (start = resolve));
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
    const run = answered
      // One more turn of the event loop: whoever awaited the answer reads it first (the embedded
      // database runs a query on this thread, and would otherwise delay that by its duration).
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        reply.raw.off('finish', start);
        reply.raw.off('close', start);
        return task();
      })
      .catch((error: unknown) =>
        this.log.error({ task: name, failure: describeFailure(error) }, 'background task failed'),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once every task started so far, and every task they started, has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
