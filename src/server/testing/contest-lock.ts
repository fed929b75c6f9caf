import { eq } from 'drizzle-orm';
import { contests, type Contest } from '#server/db/schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * Holds the contest's row lock in a transaction of the test's own, so the entry writer's next
 * batch waits (on PGlite, which runs one transaction at a time, every query waits). Returns the
 * release.
 */
export async function holdContestLock(
  t: TestApp,
  contest: Pick<Contest, 'id'>,
): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = t.database.db.transaction(async (tx) => {
    await tx
      .select({ id: contests.id })
      .from(contests)
      .where(eq(contests.id, contest.id))
      .for('update');
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}
