import type { EntryCandidate, EntryOutcome } from '../core/entry-batch.ts';

/** Writes one contest's batch in one transaction; one outcome per candidate, in order. */
export type WriteBatch = (contestId: string, batch: EntryCandidate[]) => Promise<EntryOutcome[]>;

/**
 * What a submitted entry comes to: its batch's outcome, or `busy` (no room in the queue: never
 * written) or `abandoned` (its client left before its batch was cut: never written).
 */
export type QueuedOutcome = EntryOutcome | { status: 'busy' | 'abandoned' };

/** Entries waiting, the batch being written included: per contest, and over all contests. */
export type QueueLimits = { perContest: number; total: number };

/** Large enough to absorb a viral burst, small enough to keep one transaction short. */
const MAX_BATCH = 500;

/**
 * Sized from measurement (decision 014): beyond the batch being written and a full next one,
 * an entry only waits longer (batches are already as large as they get) while its request holds
 * ~10 KB; four contests' worth over all is ~40 MB and under 2 s of writing on the embedded
 * database.
 */
export const ENTRY_QUEUE_LIMITS: QueueLimits = { perContest: 2 * MAX_BATCH, total: 8 * MAX_BATCH };

/**
 * The candidate is held, not spread into this object: on Node 20 an object literal that spreads
 * one object and then adds properties takes V8's slow path, ~4 µs per entry (decision 024).
 */
type Pending = {
  candidate: EntryCandidate;
  isGone: () => boolean;
  resolve: (outcome: QueuedOutcome) => void;
  reject: (error: unknown) => void;
};

type ContestQueue = { waiting: Pending[]; writing: number };

/**
 * Group commit for entries. A viral post sends everyone to ONE contest; one transaction per
 * entry would serialise on that contest's row lock. Instead, entries that arrive while a
 * contest's batch is being written wait and go together in the next batch: one lock, one
 * multi-row INSERT, one commit. An idle contest writes a lone entry after one turn of the event
 * loop (no timer), and each caller is answered only after its batch has committed.
 *
 * The queue is bounded, so a flood costs memory and waiting time up to the limits and is refused
 * beyond them; and an entry whose client has gone before its batch is cut is not written, since
 * nobody could be told it was.
 */
export class EntryWriter {
  private readonly queues = new Map<string, ContestQueue>();
  private total = 0;

  constructor(
    private readonly writeBatch: WriteBatch,
    private readonly limits: QueueLimits = ENTRY_QUEUE_LIMITS,
  ) {}

  /** Whether an entry for this contest would be queued now. */
  hasRoom(contestId: string): boolean {
    const queue = this.queues.get(contestId);
    const contestWaiting = queue ? queue.waiting.length + queue.writing : 0;
    return this.total < this.limits.total && contestWaiting < this.limits.perContest;
  }

  /** `isGone` tells whether the entrant can still be answered; it is asked when the batch is cut. */
  submit(
    contestId: string,
    candidate: EntryCandidate,
    isGone: () => boolean = () => false,
  ): Promise<QueuedOutcome> {
    if (!this.hasRoom(contestId)) return Promise.resolve({ status: 'busy' });
    return new Promise((resolve, reject) => {
      const pending: Pending = { candidate, isGone, resolve, reject };
      this.total += 1;
      const queue = this.queues.get(contestId);
      if (queue) {
        queue.waiting.push(pending);
        return;
      }
      this.queues.set(contestId, { waiting: [pending], writing: 0 });
      void this.drain(contestId);
    });
  }

  private async drain(contestId: string): Promise<void> {
    const queue = this.queues.get(contestId)!;
    while (queue.waiting.length > 0) {
      // Let the event loop read every request already waiting on its socket first. The
      // embedded database answers through microtasks alone, so without this pause a whole
      // transaction would run before the next request is even parsed: batches of one.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.cutBatch(queue);
      if (batch.length === 0) continue;
      queue.writing = batch.length;
      try {
        const outcomes = await this.writeBatch(
          contestId,
          batch.map((pending) => pending.candidate),
        );
        batch.forEach((pending, index) => pending.resolve(outcomes[index]!));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      } finally {
        queue.writing = 0;
        this.total -= batch.length;
      }
    }
    // Synchronously after seeing the queue empty: no submit can slip in between.
    this.queues.delete(contestId);
  }

  /** Takes up to MAX_BATCH entries off the queue, answering those whose client has gone. */
  private cutBatch(queue: ContestQueue): Pending[] {
    const batch: Pending[] = [];
    let taken = 0;
    while (taken < queue.waiting.length && batch.length < MAX_BATCH) {
      const pending = queue.waiting[taken]!;
      taken += 1;
      if (pending.isGone()) {
        this.total -= 1;
        pending.resolve({ status: 'abandoned' });
      } else {
        batch.push(pending);
      }
    }
    queue.waiting.splice(0, taken);
    return batch;
  }
}
