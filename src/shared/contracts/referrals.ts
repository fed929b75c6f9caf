/**
 * Referrals (docs/product.md#referrals): an entrant's personal link earns them bonus entries for
 * each friend who enters through it, and the draw weighs each entry by 1 + its bonus
 * (docs/draw-protocol.md, protocol v2). No zod here: the entry page imports this file, and
 * its scripts must stay small (docs/decisions/004-public-entry-page.md); the contest fields'
 * schemas are in contests.ts.
 */

// A type only: the brand's contract (and its zod) stays out of the entry page's script.
import type { ContestBrand } from './brand.ts';

/** Bonus entries per counted referral: 0 turns referrals off. */
export const REFERRAL_BONUS_MAX = 10;
export const REFERRAL_BONUS_DEFAULT = 0;
/** The most bonus entries one entrant can earn. */
export const REFERRAL_CAP_MIN = 1;
export const REFERRAL_CAP_MAX = 1000;
export const REFERRAL_CAP_DEFAULT = 10;
/** How many referrers the public leaderboard and the owner's list show. */
export const LEADERBOARD_SIZE = 10;

/**
 * A referral code as the server makes them: 16 lowercase hex characters. Anything else in `ref`
 * is not a code, and is ignored (never an error: a mistyped link still lets a friend enter).
 */
export const REFERRAL_CODE_SHAPE = /^[0-9a-f]{16}$/;
export const isReferralCode = (value: unknown): value is string =>
  typeof value === 'string' && REFERRAL_CODE_SHAPE.test(value);

/** The query parameter of a personal link: /c/{id}?ref={code}. */
export const REFERRAL_PARAM = 'ref';

/** An entry's weight in the draw: 1 + its bonus entries, at most `cap` of them. */
export function entryWeight(referrals: number, bonus: number, cap: number): number {
  return 1 + Math.min(referrals * bonus, cap);
}

/** What the entry's success answer adds when the contest has referrals on. */
export type ReferralLink = {
  code: string;
  /** The personal link: /c/{id}?ref={code}. */
  url: string;
  /** The entrant's own status page (their entries, referrals and rank); theirs alone. */
  statusUrl: string;
};

/** One line of the public leaderboard: first name and last initial, never more. */
export type LeaderboardItem = { displayName: string; referrals: number };

/** One of the owner's top referrers. */
export type TopReferrer = {
  id: string;
  name: string;
  email: string;
  referrals: number;
  weight: number;
};

/**
 * Whether a friend who came through an entrant's link counts for them, and why not
 * (docs/product.md#referrals), in the order the server checks: from the referrer's own network
 * (or of their earlier friends), not confirmed yet (their entry or their mailbox), flagged for
 * the owner's review, past the friends one mail domain may give, past the referrer's cap.
 */
export const referralReasons = [
  'counted',
  'same-network',
  'not-confirmed',
  'flagged',
  'domain-limit',
  'over-cap',
] as const;
export type ReferralReason = (typeof referralReasons)[number];

/** One friend on an entrant's status page: their public display name ("Maria S.") only. */
export type ReferredFriend = { displayName: string; reason: ReferralReason };

/** GET /api/contests/{id}/entries/{entryId}/status?token=…: one entrant's standing. */
export type EntryStanding = {
  contestId: string;
  contestTitle: string;
  /** The contest's brand, which heads the page (docs/product.md#the-owners-brand). */
  brand: ContestBrand;
  endDate: string;
  /** The entrant's name as they typed it: the page is theirs alone. */
  name: string;
  status: 'confirmed' | 'pending';
  referralBonus: number;
  referralCap: number;
  /** Counted referrals: friends whose entries count (confirmed, not flagged). */
  referrals: number;
  /** 1 + bonus entries. */
  entries: number;
  /** Their place among the contest's referrers (1 = most referrals), or null with none yet. */
  rank: number | null;
  referral: ReferralLink;
  /** The friends who came through their link, first come first, and whether each counts. */
  friends: ReferredFriend[];
};

export const referralMessages = {
  leaderboardOff: 'This contest does not show a leaderboard.',
  statusInvalid: 'This link is not valid. Open the link from your entry e-mail again.',
  referralsLocked: 'Referral settings cannot change after the first draw.',
  worth: (bonus: number) =>
    `Each friend who enters gives you ${bonus} more ${bonus === 1 ? 'entry' : 'entries'}`,
} as const;
