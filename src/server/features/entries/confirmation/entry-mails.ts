import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import { queryPreparedRows, type Db } from '#server/db/client.ts';
import type { MailQueue, MailToQueue } from '#server/mail/mail-queue.ts';
import {
  entryMailSubject,
  type EntryMailSender,
  type EntryMailTemplate,
} from '#server/mail/templates.ts';
import { displayNameForHeader, entrantSenderName } from '#server/mail/transport.ts';
import { emailKey } from '../core/email-identity.ts';
import { referralLinkFor } from '../core/entrant-keys.ts';
import type { EntryOutcome, Transaction } from '../core/entry-batch.ts';

/**
 * Entry mails per mailbox (folded as duplicates are: aliases count as one) per 24 hours, across
 * every contest. An entry form is a way to make the platform mail an address someone else chose;
 * beyond this its entries are refused, and nothing is stored (docs/product.md#entry-mails).
 */
export const ENTRY_MAILS_PER_DAY = 5;

/** What an entry's mail needs of its contest, read under the batch's lock. */
export type MailingContest = {
  id: string;
  title: string;
  referralBonus: number;
  prizeDetails: string;
  endDateMs: number;
  ownerName: string;
  ownerEmail: string;
  timeZone: string;
  /** The brand its page shows (docs/product.md#the-owners-brand), read by `mailBrandSql`. */
  brandName: string | null;
  brandColor: string | null;
  brandLogoKey: string | null;
};

/**
 * What an entrant's mail shows of the brand, read from the contest's row in the statement that
 * reads the contest (its own fields over the account's copy, its logo's mail rendition): the
 * names are unqualified, for a statement whose only table with them is `contests`.
 */
export const mailBrandSql = {
  name: sql<string | null>`coalesce(brand->>'brandName', owner_brand->>'brandName')`,
  color: sql<string | null>`coalesce(brand->>'brandColor', owner_brand->>'brandColor')`,
  logoKey: sql<
    string | null
  >`jsonb_path_query_first(coalesce(images->'logo', owner_brand->'logo'), '$.renditions[*] ? (@.purpose == "mail").key') #>> '{}'`,
};

/** An entry just written (or a pending one entered again) whose entrant gets a mail. */
export type EntryToMail = {
  entryId: string;
  email: string;
  /**
   * A confirmation token (its hash is stored): a pending entry's, or a referred friend's who is
   * in the draw already; null for a receipt.
   */
  confirmToken: string | null;
  isPending: boolean;
  referralCode: string | null;
};

/** What the entry batch needs to mail entrants inside its transaction. */
export type EntryMailing = {
  queue: MailQueue;
  links: Pick<Config, 'appUrl' | 'sessionSecret'>;
};

/** The folded mailboxes of a batch's candidates, each once, in the order they are locked in. */
export function mailboxKeysOf(emails: string[]): string[] {
  return [...new Set(emails.map(emailKey))].sort();
}

/**
 * Locks each mailbox for the rest of the transaction, when `condition` holds (the contest mails):
 * a part of the statement that locks the contest's row, so it costs the batch no round trip.
 * Batches of other contests run at the same time on PostgreSQL; with their mailboxes locked (in
 * key order, after their contest's row, so no two batches wait on each other in a circle), the
 * count that follows in a statement of its own sees every mail the others queued, and two
 * batches cannot both see a mailbox's fifth mail as its fourth.
 */
export function lockMailboxesStatement(keys: string[], condition: SQL): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended('entry-mails ' || mailbox.key, 0))
    from unnest(${sql.param(keys)}::text[]) with ordinality as mailbox(key, position), locked
    where ${condition}
    order by mailbox.position`;
}

/**
 * The entry mails each candidate's mailbox got in the last 24 hours, by the candidate's folded
 * address (one query for the batch, on the mails' partial index), once lockMailboxesStatement
 * has locked them.
 */
export async function countRecentEntryMails(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await queryPreparedRows<{ key: string; sent: number }>(
    db,
    sql`select fold_email(recipient) as key, count(*)::int as sent from mails
      where purpose in ('entry-confirmation', 'entry-receipt')
        and fold_email(recipient) = any(${sql.param(keys)}::text[])
        and created_at > now() - interval '24 hours'
      group by 1`,
  );
  return new Map(rows.map((row) => [row.key, row.sent]));
}

/**
 * The sender an entrant sees: the contest's owner, through the platform, a reply reaching the
 * owner. Their mail must say who sent it and why (decision 028), and carries no text the entrant
 * typed. The owner's name becomes a header's display name: one line, whatever the account holds.
 */
function senderOf(contest: MailingContest): EntryMailSender {
  const owner = displayNameForHeader(contest.ownerName);
  return {
    displayName: entrantSenderName(contest.brandName, owner),
    ownerName: owner || null,
    contestTitle: contest.title,
    replyTo: contest.ownerEmail,
    prize: contest.prizeDetails,
    endsAt: new Date(contest.endDateMs).toISOString(),
    timeZone: contest.timeZone,
    ...(hasBrand(contest) && {
      brand: {
        ...(contest.brandName && { name: contest.brandName }),
        ...(contest.brandColor && { color: contest.brandColor }),
        ...(contest.brandLogoKey && { logoKey: contest.brandLogoKey }),
      },
    }),
  };
}

const hasBrand = (contest: MailingContest) =>
  Boolean(contest.brandName || contest.brandColor || contest.brandLogoKey);

/**
 * Queues each entrant's mail in the batch's transaction: the entries and their mails commit
 * together. Each mail is queued as its template (what it says), rendered when it is sent.
 */
export async function queueEntryMails(
  tx: Db,
  mailing: EntryMailing,
  contest: MailingContest,
  entries: EntryToMail[],
): Promise<void> {
  const sender = senderOf(contest);
  const items: MailToQueue[] = [];
  for (const entry of entries) {
    const referral = entry.referralCode
      ? {
          ...referralLinkFor(mailing.links, contest.id, {
            id: entry.entryId,
            referralCode: entry.referralCode,
          }),
          bonus: contest.referralBonus,
        }
      : null;
    if (!entry.confirmToken && !referral) continue;
    const template: EntryMailTemplate = entry.confirmToken
      ? {
          kind: entry.isPending || !referral ? 'entry-confirmation' : 'friend-confirmation',
          sender,
          url: `${mailing.links.appUrl}/entries/confirm?token=${encodeURIComponent(entry.confirmToken)}`,
          referral,
        }
      : { kind: 'entry-receipt', sender, url: null, referral };
    items.push({
      to: entry.email,
      subject: entryMailSubject(template),
      template,
      purpose: entry.confirmToken ? 'entry-confirmation' : 'entry-receipt',
      senderName: sender.displayName,
      entryId: entry.entryId,
    });
  }
  await mailing.queue.queue(tx, items);
}

/** The accepted entries that get a mail: a confirmation link, or a referral receipt. */
export function entriesToMail(emails: string[], outcomes: EntryOutcome[]): EntryToMail[] {
  const toMail: EntryToMail[] = [];
  outcomes.forEach((outcome, position) => {
    if (outcome.status !== 'accepted') return;
    if (!outcome.confirmToken && !outcome.entry.referralCode) return;
    toMail.push({
      entryId: outcome.entry.id,
      email: emails[position]!,
      confirmToken: outcome.confirmToken,
      isPending: outcome.entry.status === 'pending',
      referralCode: outcome.entry.referralCode,
    });
  });
  return toMail;
}

/**
 * Refuses the candidates whose mailbox already had its entry mails for the day (counting the
 * batch's own, in order), given the batch's `mailboxes` as mailboxKeysOf made and locked them.
 * Returns the positions still to insert.
 */
export async function screenMailLimit(
  tx: Transaction,
  emails: string[],
  mailboxes: string[],
  positions: number[],
  outcomes: EntryOutcome[],
): Promise<number[]> {
  if (positions.length === 0) return positions;
  const sent = await countRecentEntryMails(tx, mailboxes);
  return positions.filter((position) => {
    const key = emailKey(emails[position]!);
    const count = sent.get(key) ?? 0;
    if (count >= ENTRY_MAILS_PER_DAY) {
      outcomes[position] = { status: 'mail_limited' };
      return false;
    }
    sent.set(key, count + 1);
    return true;
  });
}
