import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { createProcessingQueue } from './processing-queue.ts';

/** A piece of work that ends when the test says so, and tells when it started. */
function heldWork() {
  let release!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    run: async () => {
      started = true;
      await done;
    },
    release,
    started: () => started,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the image processing queue', () => {
  it('runs one piece of work at a time, the next when it ends, in order', async () => {
    const queue = createProcessingQueue();
    const [first, second, third] = [heldWork(), heldWork(), heldWork()];
    const runs = [first, second, third].map((work) => queue.run(work.run));
    await turn();
    expect([first.started(), second.started(), third.started()]).toEqual([true, false, false]);
    first.release();
    await turn();
    expect([second.started(), third.started()]).toEqual([true, false]);
    second.release();
    third.release();
    await Promise.all(runs);
    expect(third.started()).toBe(true);
  });

  it('passes the turn on when a piece of work fails', async () => {
    const queue = createProcessingQueue();
    const failing = queue.run(() => Promise.reject(new Error('unreadable')));
    const next = queue.run(async () => 'done');
    await expect(failing).rejects.toThrow('unreadable');
    await expect(next).resolves.toBe('done');
  });

  it('refuses with BUSY and Retry-After past 8 waiting', async () => {
    const queue = createProcessingQueue();
    const held = heldWork();
    const runs = [queue.run(held.run)];
    for (let n = 0; n < 8; n += 1) runs.push(queue.run(async () => {}));
    const refused = await queue.run(async () => {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BUSY', statusCode: 503, retryAfterSeconds: 5 });
    held.release();
    await Promise.all(runs);
  });
});
