import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contestEntries, contests } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { ENTRY_CONFIRMATION_TTL_MS } from '#shared/constants.ts';
import { type EntryConfirmation } from '#shared/contracts/entries.ts';
import type { ConfirmContest, ConfirmRefusal } from '#shared/contracts/entry-confirmation.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { hashConfirmToken } from './pending-entries.ts';

const deadLink = (message: string) => new AppError('DEAD_LINK', message);

/** A token as the entry service makes them: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

const isExpiredEntry = sql<boolean>`${contestEntries.entryDate} < now() - ${ENTRY_CONFIRMATION_TTL_MS} * interval '1 millisecond'`;

/** What a confirmation link would meet now: its contest, and why it cannot confirm (null: it can). */
export type ConfirmLinkState = { contest: ConfirmContest | null; refusal: ConfirmRefusal | null };

/**
 * Looks the link up without changing or locking anything, for the page the link opens: the
 * contest it belongs to, and the refusal confirmEntry would give now, in the same order. Only
 * confirmEntry decides, under the contest's lock, when the entrant presses the button.
 */
export async function describeConfirmLink(
  { db }: DbContext,
  token: string,
): Promise<ConfirmLinkState> {
  if (!TOKEN_SHAPE.test(token)) return { contest: null, refusal: 'invalid' };
  const [row] = await db
    .select({
      id: contests.id,
      title: contests.title,
      frozenAt: contests.frozenAt,
      maxEntries: contests.maxEntries,
      entryCount: contests.entryCount,
      status: contestEntries.status,
      isProven: isNotNull(contestEntries.emailConfirmedAt),
      isExpired: isExpiredEntry,
    })
    .from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .where(eq(contestEntries.confirmTokenHash, hashConfirmToken(token)));
  if (!row) return { contest: null, refusal: 'invalid' };
  const contest = { id: row.id, title: row.title };
  const refusal: ConfirmRefusal | null = row.isProven
    ? 'used'
    : row.isExpired
      ? 'expired'
      : row.frozenAt
        ? 'ended'
        : row.status === 'pending' && row.maxEntries !== null && row.entryCount >= row.maxEntries
          ? 'full'
          : null;
  return { contest, refusal };
}

/**
 * Confirms the entry whose e-mail held this token: its mailbox is proven from now on. A pending
 * entry joins the draw: under the contest's row lock, as every entry is written, since a
 * confirmation takes a place, so maxEntries stays exact however many confirm at once, and those
 * who confirm once the contest is full are told so. A referred friend already in the draw only
 * proves their mailbox, which lets them count for their referrer. A confirmation after the end
 * date but before the draw counts (the entry was made in time); after the draw's freeze it
 * cannot.
 */
export async function confirmEntry({ db }: DbContext, token: string): Promise<EntryConfirmation> {
  if (!TOKEN_SHAPE.test(token)) throw deadLink(entryMessages.confirmationInvalid);
  const tokenHash = hashConfirmToken(token);
  return db.transaction(async (tx) => {
    // The entry's contest, locked, found through the token in the same statement.
    const [contest] = await tx
      .select()
      .from(contests)
      .where(
        eq(
          contests.id,
          tx
            .select({ contestId: contestEntries.contestId })
            .from(contestEntries)
            .where(eq(contestEntries.confirmTokenHash, tokenHash)),
        ),
      )
      .for('update');
    const [entry] = await tx
      .select({
        id: contestEntries.id,
        name: contestEntries.name,
        entryDate: contestEntries.entryDate,
        status: contestEntries.status,
        isProven: isNotNull(contestEntries.emailConfirmedAt),
        isExpired: isExpiredEntry,
      })
      .from(contestEntries)
      .where(eq(contestEntries.confirmTokenHash, tokenHash));
    // Unknown, or purged since the contest was locked.
    if (!contest || !entry) throw deadLink(entryMessages.confirmationInvalid);
    if (entry.isProven) throw deadLink(entryMessages.confirmationUsed);
    if (entry.isExpired) throw deadLink(entryMessages.confirmationExpired);
    if (contest.frozenAt) throw new AppError('CONTEST_ENDED', entryMessages.ended);
    const isJoining = entry.status === 'pending';
    if (isJoining && contest.maxEntries !== null && contest.entryCount >= contest.maxEntries) {
      throw new AppError('CONTEST_FULL', entryMessages.full);
    }
    // Only while still unproven (and a pending one still pending): the purge does not take the
    // contest's lock, and may have deleted it meanwhile.
    const confirmed = await tx
      .update(contestEntries)
      .set({ status: 'confirmed', emailConfirmedAt: sql`now()` })
      .where(
        and(
          eq(contestEntries.id, entry.id),
          eq(contestEntries.status, entry.status),
          isNull(contestEntries.emailConfirmedAt),
        ),
      )
      .returning({ id: contestEntries.id });
    if (confirmed.length === 0) throw deadLink(entryMessages.confirmationInvalid);
    // As the entry writer counts: not through the contest's update, which would mark the
    // contest as edited (and drop the entry page's cached rendering at every confirmation).
    if (isJoining) {
      await tx.execute(
        sql`update contests set entry_count = entry_count + 1 where id = ${contest.id}`,
      );
    }
    return {
      contestId: contest.id,
      contestTitle: contest.title,
      confirmationMessage: contest.confirmationMessage,
      entry: {
        id: entry.id,
        contestId: contest.id,
        name: entry.name,
        entryDate: entry.entryDate.toISOString(),
        status: 'confirmed',
      },
    };
  });
}
