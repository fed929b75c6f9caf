import type { Db } from '#server/db/client.ts';
import { readConfirmationMailStatuses } from '#server/mail/mail-status.ts';
import type { ConfirmationMailStatus } from '#shared/contracts/mail-queue.ts';

type ListedEntry = { id: string; status: string };

/**
 * The owner's list tells, beside each pending entry, whether its confirmation mail left, waits
 * to be tried again, or failed: "pending" alone cannot tell a slow entrant from a lost mail.
 */
export async function withConfirmationMails<Entry extends ListedEntry>(
  db: Db,
  entries: Entry[],
): Promise<(Entry & { confirmationMail: ConfirmationMailStatus })[]> {
  const pending = entries.filter((entry) => entry.status === 'pending').map((entry) => entry.id);
  const statuses = await readConfirmationMailStatuses(db, pending);
  return entries.map((entry) => ({ ...entry, confirmationMail: statuses.get(entry.id) ?? null }));
}
