import type { ReferralReason } from './referrals.ts';

/**
 * Why a friend counts or not, in the entrant's and the owner's words (docs/product.md#referrals).
 * A module of its own: the entry page's first script shows neither.
 */

/** What the entrant reads beside each friend: never the friend's address or network. */
export const referralReasonLabels: Record<ReferralReason, string> = {
  counted: 'Counts for you',
  'same-network': 'Does not count: same network as you',
  'not-confirmed': 'Not confirmed yet',
  flagged: 'Does not count: held for the organiser’s review',
  'domain-limit': 'Does not count: more than 3 friends at one company’s e-mail domain',
  'over-cap': 'Does not count: over the cap of bonus entries',
};

/** What the owner reads beside a referred entry. */
export const ownerReferralReasonLabels: Record<ReferralReason, string> = {
  counted: 'Counts for their referrer',
  'same-network': 'Does not count: same network as their referrer',
  'not-confirmed': 'Does not count yet: not confirmed',
  flagged: 'Does not count: flagged',
  'domain-limit': 'Does not count: more than 3 friends at one e-mail domain',
  'over-cap': 'Does not count: their referrer is over the cap',
};
