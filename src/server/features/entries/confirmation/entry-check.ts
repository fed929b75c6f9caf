import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, DbContext } from '#server/context.ts';
import { contestEntries, contestPicks, contests } from '#server/db/schema.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { ENTRY_CONFIRMATION_TTL_MS } from '#shared/constants.ts';
import type { EntryCheck } from '#shared/contracts/entries.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { emailKey } from '../core/email-identity.ts';
import {
  countRecentEntryMails,
  ENTRY_MAILS_PER_DAY,
  lockMailboxesStatement,
  mailBrandSql,
  queueEntryMails,
} from './entry-mails.ts';

/**
 * What became of one entry, for the browser that holds its id (the entrant's receipt, 74 random
 * bits: nobody else has it): confirmed or still pending, gone (removed, or a pending entry
 * whose link expired), and the place it won, if it is a current winner. The draw record
 * already shows the winners' entries; nothing here names the entrant.
 */
export async function checkEntry(
  { db }: DbContext,
  contestId: string,
  entryId: string,
): Promise<EntryCheck> {
  if (!isUuid(contestId) || !isUuid(entryId)) throw contestNotFound();
  const [contest] = await db
    .select({ publishedAt: contests.publishedAt })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!contest?.publishedAt) throw contestNotFound();
  const [entry] = await db
    .select({
      status: contestEntries.status,
      isExpired: sql<boolean>`${contestEntries.entryDate} < now() - ${ENTRY_CONFIRMATION_TTL_MS} * interval '1 millisecond'`,
      wonPlace: sql<number | null>`(select ${contestPicks.position} from ${contestPicks}
        where ${contestPicks.entryId} = ${contestEntries.id} and ${contestPicks.status} = 'winner')`,
    })
    .from(contestEntries)
    .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contestId)));
  if (!entry || (entry.status === 'pending' && entry.isExpired)) {
    return { status: 'gone', wonPlace: null };
  }
  return {
    status: entry.status,
    wonPlace: entry.wonPlace === null ? null : Number(entry.wonPlace),
  };
}

/**
 * "Send me my link again" (docs/product.md#referrals): an entrant who entered already gets their
 * personal link and status page mailed again, through the entry mails' own queue and their daily
 * limit per mailbox. Run after the answer, which is the same whatever happens here, so the form
 * tells nobody whether an address entered.
 */
export async function resendEntryLink(ctx: AppContext, contestId: string, email: string) {
  if (!isUuid(contestId)) return;
  const key = emailKey(email);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        entryId: contestEntries.id,
        email: contestEntries.email,
        status: contestEntries.status,
        referralCode: contestEntries.referralCode,
        title: contests.title,
        referralBonus: contests.referralBonus,
        prizeDetails: contests.prizeDetails,
        endDate: contests.endDate,
        timeZone: contests.timeZone,
        publishedAt: contests.publishedAt,
        ownerEmail: sql<string>`(select email from users where users.id = ${contests.ownerId})`,
        ownerName: sql<string>`(select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) from users where users.id = ${contests.ownerId})`,
        brandName: mailBrandSql.name,
        brandColor: mailBrandSql.color,
        brandLogoKey: mailBrandSql.logoKey,
      })
      .from(contestEntries)
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .where(
        and(
          eq(contestEntries.contestId, contestId),
          eq(contestEntries.emailKey, sql`fold_email(${email})`),
        ),
      );
    // A pending entry gets a new confirmation link by entering again, as the form says.
    if (!row?.publishedAt || !row.referralCode || row.status !== 'confirmed') return;
    await tx.execute(sql`with locked as (select 1) ${lockMailboxesStatement([key], sql`true`)}`);
    const sent = await countRecentEntryMails(tx, [key]);
    if ((sent.get(key) ?? 0) >= ENTRY_MAILS_PER_DAY) return;
    await queueEntryMails(
      tx,
      { queue: ctx.mail, links: ctx.config },
      {
        id: contestId,
        title: row.title,
        referralBonus: row.referralBonus,
        prizeDetails: row.prizeDetails,
        endDateMs: row.endDate.getTime(),
        ownerName: row.ownerName,
        ownerEmail: row.ownerEmail,
        timeZone: row.timeZone,
        brandName: row.brandName,
        brandColor: row.brandColor,
        brandLogoKey: row.brandLogoKey,
      },
      [
        {
          entryId: row.entryId,
          email: row.email,
          confirmToken: null,
          isPending: false,
          referralCode: row.referralCode,
        },
      ],
    );
  });
}
