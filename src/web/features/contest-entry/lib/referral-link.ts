import { isReferralCode, REFERRAL_PARAM } from '#shared/contracts/referrals.ts';

/** The friend's code in a page's query string, or null: anything that is not a code is none. */
export function referralCodeIn(search: string): string | null {
  const value = new URLSearchParams(search).get(REFERRAL_PARAM);
  return isReferralCode(value) ? value : null;
}

/**
 * The address without a `ref` that is not a code, or null when there is nothing to drop: a
 * mangled link still shows the contest, and a reload or a copied address no longer carries it.
 */
export function withoutInvalidReferral(href: string): string | null {
  const url = new URL(href);
  const value = url.searchParams.get(REFERRAL_PARAM);
  if (value === null || isReferralCode(value)) return null;
  url.searchParams.delete(REFERRAL_PARAM);
  return url.href;
}
