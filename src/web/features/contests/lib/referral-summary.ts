/** "3 referrals · 10 chances": what an entrant's friends have earned them in the draw. */
export function referralSummary({ referrals, weight }: { referrals: number; weight: number }) {
  return `${referrals.toLocaleString()} ${referrals === 1 ? 'referral' : 'referrals'} · ${weight.toLocaleString()} ${weight === 1 ? 'chance' : 'chances'}`;
}
