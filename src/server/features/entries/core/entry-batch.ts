import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { WideNetwork } from '#server/lib/client-networks.ts';
import type { EntryStatus } from '#shared/contracts/entries.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import type { EntryTermField, EntryTerms } from '#shared/contracts/entry-terms.ts';

/**
 * The entry batch's vocabulary: what comes in (a candidate), what each one comes to (its
 * outcome), and the date every entry of one batch is stored with. The write path, the mails and
 * the pending links all speak it (insert-entries.ts, entry-mails.ts, pending-entries.ts).
 */

export type EntryCandidate = {
  name: string;
  email: string;
  /** The client's address (IPv6: its /64), counted for bursts; absent for an owner's import. */
  clientAddress?: string;
  /** For IPv6, the /56 and /48 around it, counted for bursts too. */
  wideNetworks?: WideNetwork[];
  /** Flags decided before the batch (the form's timing). */
  flags?: EntryFlag[];
  /** The referral code of the link the entrant came through (already checked for shape). */
  ref?: string;
  /**
   * What the entrant agreed to and declared (rules, age, country, consent), checked against the
   * contest in the batch; absent for an owner's import, which the owner vouches for.
   */
  terms?: EntryTerms;
  /** A keyed hash of the client's address, kept on referral contests (hashClientAddress). */
  clientHash?: string;
  /** For IPv6, keyed hashes of its /56 and /48, kept beside it. */
  clientHash56?: string;
  clientHash48?: string;
};

export type AcceptedEntry = {
  id: string;
  name: string;
  entryDate: Date;
  status: EntryStatus;
  /** The entrant's own referral code, when the contest has referrals on. */
  referralCode: string | null;
};

export type EntryOutcome =
  | {
      status: 'accepted';
      entry: AcceptedEntry;
      /** A pending entry's confirmation token, for its e-mail; it is stored only hashed. */
      confirmToken: string | null;
      /** The address had entered and not confirmed: its entry got a new link, the old one retired. */
      resent: boolean;
    }
  | { status: 'rate_limited'; retryAfterSeconds: number }
  /** Its mailbox had ENTRY_MAILS_PER_DAY entry mails in the last 24 hours: nothing was stored. */
  | { status: 'mail_limited' }
  /** The first draw froze the entries and waits for its beacon round: it may yet be undone. */
  | { status: 'draw_starting' }
  /** The contest opens later (its start date, written in its zone). */
  | { status: 'not_started'; startDate: Date; timeZone: string }
  /** The contest asks what the entry lacks: the rules, the age, the country (by field). */
  | { status: 'terms_refused'; errors: Partial<Record<EntryTermField, string>> }
  | { status: 'duplicate' | 'full' | 'ended' | 'not_found' };

/** A transaction of the batch: its statements join it. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Entry dates are stored to the millisecond, the precision of a JavaScript Date: the list's
 * `{entryDate}_{id}` cursor then names a stored value exactly. (With now()'s microseconds,
 * every entry of one batch shares a date the cursor cannot express, and paging loses them.)
 */
export const entryDateNow = sql`date_trunc('milliseconds', now())`;
