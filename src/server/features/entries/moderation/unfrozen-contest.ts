import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { drawMessages } from '#shared/contracts/draws.ts';

/**
 * The contest's row, locked until the transaction ends (the lock every entry, confirmation and
 * freeze takes), for a change to who is drawn from: refused once the draw has frozen the entries.
 * Undefined when the contest is gone.
 */
export async function lockUnfrozenContest(tx: Db, contestId: string): Promise<Contest | undefined> {
  const [locked] = await tx.select().from(contests).where(eq(contests.id, contestId)).for('update');
  if (locked?.frozenAt) throw new AppError('ALREADY_DRAWN', drawMessages.entriesLocked);
  return locked;
}
