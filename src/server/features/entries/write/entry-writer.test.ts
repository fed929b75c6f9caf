import { describe, expect, it } from 'vitest';
import type { EntryCandidate } from '../core/entry-batch.ts';
import { EntryWriter, type QueuedOutcome, type WriteBatch } from './entry-writer.ts';

/** A batch writer that holds every batch until released, and records what it was given. */
function heldWriter() {
  const batches: string[][] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const writeBatch: WriteBatch = async (_contestId, batch) => {
    batches.push(batch.map((candidate) => candidate.email));
    await released;
    return batch.map((candidate) => ({
      status: 'accepted' as const,
      entry: {
        id: candidate.email,
        name: candidate.name,
        entryDate: new Date(),
        status: 'confirmed' as const,
        referralCode: null,
      },
      confirmToken: null,
      resent: false,
    }));
  };
  return { writeBatch, batches, release: () => release() };
}

const entrant = (n: number): EntryCandidate => ({ name: `Fan ${n}`, email: `fan${n}@example.com` });
const statuses = (outcomes: QueuedOutcome[]) => outcomes.map((outcome) => outcome.status);
/** Lets the writer cut its batch (it waits one turn of the event loop). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the entry queue', () => {
  it('refuses entries beyond a contest’s limit, the batch being written included', async () => {
    const held = heldWriter();
    const writer = new EntryWriter(held.writeBatch, { perContest: 3, total: 100 });
    const first = writer.submit('hot', entrant(1));
    await nextTurn();
    const queued = [2, 3].map((n) => writer.submit('hot', entrant(n)));
    expect(writer.hasRoom('hot')).toBe(false);
    expect(await writer.submit('hot', entrant(4))).toEqual({ status: 'busy' });
    expect(writer.hasRoom('another')).toBe(true);

    held.release();
    expect(statuses(await Promise.all([first, ...queued]))).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(held.batches.flat()).not.toContain('fan4@example.com');
    expect(writer.hasRoom('hot')).toBe(true);
  });

  it('refuses entries for any contest once the total is reached', async () => {
    const held = heldWriter();
    const writer = new EntryWriter(held.writeBatch, { perContest: 3, total: 4 });
    const entered = [
      ...[1, 2, 3].map((n) => writer.submit('first', entrant(n))),
      writer.submit('second', entrant(4)),
    ];
    expect(writer.hasRoom('third')).toBe(false);
    expect(await writer.submit('third', entrant(5))).toEqual({ status: 'busy' });
    held.release();
    expect(statuses(await Promise.all(entered))).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(writer.hasRoom('third')).toBe(true);
  });

  it('does not write an entry whose client left before its batch was cut', async () => {
    const held = heldWriter();
    const writer = new EntryWriter(held.writeBatch);
    const inFlight = writer.submit('hot', entrant(1));
    await nextTurn();
    let gone = false;
    const leaving = writer.submit('hot', entrant(2), () => gone);
    const staying = writer.submit('hot', entrant(3), () => false);
    gone = true;

    held.release();
    expect(await inFlight).toMatchObject({ status: 'accepted' });
    expect(await leaving).toEqual({ status: 'abandoned' });
    expect(await staying).toMatchObject({ status: 'accepted' });
    expect(held.batches).toEqual([['fan1@example.com'], ['fan3@example.com']]);
    // The abandoned entry no longer counts against the limits.
    expect(writer.hasRoom('hot')).toBe(true);
  });

  it('writes nothing when every queued client has left', async () => {
    const held = heldWriter();
    const writer = new EntryWriter(held.writeBatch, { perContest: 2, total: 2 });
    const leaving = [1, 2].map((n) => writer.submit('hot', entrant(n), () => true));
    expect(statuses(await Promise.all(leaving))).toEqual(['abandoned', 'abandoned']);
    expect(held.batches).toEqual([]);
    expect(writer.hasRoom('hot')).toBe(true);
  });
});
