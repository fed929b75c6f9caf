import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { contestEntries } from '#server/db/schema.ts';
import { createRandomToken } from '#server/lib/tokens.ts';
import { ENTRY_CONFIRMATION_TTL_MS } from '#shared/constants.ts';
import type { EntryStatus } from '#shared/contracts/entries.ts';
import { emailKey } from '../core/email-identity.ts';
import { entryDateNow, type EntryOutcome, type Transaction } from '../core/entry-batch.ts';

/** Pending entries (double opt-in): their links, their expiry, a new link for one entered again. */

/** An unconfirmed entry whose link has expired (the pending entries' index finds them). */
export const isExpiredPending = sql`${contestEntries.status} = 'pending' and ${contestEntries.entryDate} < now() - ${ENTRY_CONFIRMATION_TTL_MS} * interval '1 millisecond'`;

/** The SHA-256 of a confirmation token, as stored. */
export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Deletes unconfirmed entries whose link has expired: of one contest, or of all. */
export async function purgeExpiredPending(db: Db, contestId?: string): Promise<number> {
  const deleted = await db
    .delete(contestEntries)
    .where(and(contestId ? eq(contestEntries.contestId, contestId) : undefined, isExpiredPending))
    .returning({ id: contestEntries.id });
  return deleted.length;
}

/**
 * A pending entry entered again (the mail got lost, or its link expired in the inbox) gets a new
 * link, valid for another 48 hours from now, and the old one stops working: the candidate is
 * answered as entered, with `resent`, instead of "already entered". Only the first candidate of
 * a mailbox in the batch renews it.
 */
export async function renewPendingLinks(
  tx: Transaction,
  contestId: string,
  emails: string[],
  outcomes: EntryOutcome[],
  entry: { entryDate: Date; status: EntryStatus },
) {
  const seen = new Set<string>();
  const positions = outcomes.flatMap((outcome, position) => {
    if (outcome.status !== 'duplicate') return [];
    const key = emailKey(emails[position]!);
    if (seen.has(key)) return [];
    seen.add(key);
    return [position];
  });
  if (positions.length === 0) return;
  const tokens = positions.map(() => createRandomToken());
  const renewed = await queryRows<{
    id: string;
    email: string;
    name: string;
    referralCode: string | null;
  }>(
    tx,
    sql`update contest_entries entry set confirm_token_hash = candidate.token_hash,
        entry_date = ${entryDateNow}
      from unnest(${sql.param(positions.map((position) => emails[position]!))}::text[],
                  ${sql.param(tokens.map(hashConfirmToken))}::text[]) as candidate(email, token_hash)
      where entry.contest_id = ${contestId} and entry.email_key = fold_email(candidate.email)
        and entry.status = 'pending'
      returning entry.id, candidate.email, entry.name, entry.referral_code as "referralCode"`,
  );
  const byEmail = new Map(renewed.map((row) => [row.email, row]));
  positions.forEach((position, index) => {
    const row = byEmail.get(emails[position]!);
    if (!row) return;
    outcomes[position] = {
      status: 'accepted',
      entry: { id: row.id, name: row.name, referralCode: row.referralCode, ...entry },
      confirmToken: tokens[index]!,
      resent: true,
    };
  });
}
