import type { Db } from '#server/db/client.ts';
import { insertEntries, type EntryCandidate, type EntryOutcome } from './insert-entries.ts';

type Pending = EntryCandidate & {
  resolve: (outcome: EntryOutcome) => void;
  reject: (error: unknown) => void;
};

/** Large enough to absorb a viral burst, small enough to keep one transaction short. */
const MAX_BATCH = 500;

/**
 * Group commit for entries. A viral post sends everyone to ONE contest; one transaction per
 * entry would serialise on that contest's row lock. Instead, entries that arrive while a
 * contest's batch is being written wait and go together in the next batch: one lock, one
 * multi-row INSERT, one commit. An idle contest writes a lone entry after one turn of the event
 * loop (no timer), and each
 * caller is answered only after its batch has committed.
 */
export class EntryWriter {
  private readonly queues = new Map<string, Pending[]>();

  constructor(private readonly db: Db) {}

  submit(contestId: string, candidate: EntryCandidate): Promise<EntryOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(contestId);
      const pending = { ...candidate, resolve, reject };
      if (queue) {
        queue.push(pending);
        return;
      }
      this.queues.set(contestId, [pending]);
      void this.drain(contestId);
    });
  }

  private async drain(contestId: string): Promise<void> {
    const queue = this.queues.get(contestId)!;
    while (queue.length > 0) {
      // Let the event loop read every request already waiting on its socket first. The
      // embedded database answers through microtasks alone, so without this pause a whole
      // transaction would run before the next request is even parsed: batches of one.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await insertEntries(this.db, contestId, batch, { enforceSchedule: true });
        batch.forEach((pending, index) => pending.resolve(outcomes[index]!));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    // Synchronously after seeing the queue empty: no submit can slip in between.
    this.queues.delete(contestId);
  }
}
