import { ChevronRight, Trophy, UserPlus } from 'lucide-react';
import { referralMessages, type ReferralLink } from '#shared/contracts/referrals.ts';
import { referralShareText } from '../lib/referral-words.ts';
import { ShareLink } from './share-link.tsx';

/**
 * Below "You're In!" when the contest has referrals: the entrant's personal link to share, what
 * each friend is worth, and their own status page. Loaded only then, so the entry page carries
 * none of it for anyone else.
 */
export function ReferralPanel({
  contestTitle,
  referralBonus,
  referralCap,
  referral,
  isPending,
}: {
  contestTitle: string;
  referralBonus: number;
  referralCap: number;
  referral: ReferralLink;
  /** The entrant has yet to confirm their own entry. */
  isPending: boolean;
}) {
  return (
    <section
      aria-labelledby="referral-heading"
      className="rounded-2xl border border-violet-200 bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="referral-heading" className="flex items-center gap-2 text-xl font-extrabold">
        <UserPlus aria-hidden className="size-5 shrink-0 text-primary" />
        Get more entries
      </h2>
      <p className="mt-2 text-sm">
        <strong className="font-semibold">{referralMessages.worth(referralBonus)}</strong> (up to{' '}
        {referralCap.toLocaleString('en-US')} bonus {referralCap === 1 ? 'entry' : 'entries'}). A
        friend counts once their own entry is confirmed.
      </p>
      {isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Your link works right away; confirm your own entry to be in the draw.
        </p>
      ) : null}
      <ShareLink
        className="mt-4"
        url={referral.url}
        shareTitle={contestTitle}
        shareText={referralShareText(contestTitle)}
      />
      <a
        href={referral.statusUrl}
        className="mt-2 flex items-center gap-3 rounded-xl border border-violet-200 bg-primary-soft/60 px-4 py-3 text-sm font-bold text-primary transition-colors hover:bg-primary-soft"
      >
        <Trophy aria-hidden className="size-5 shrink-0" />
        <span className="flex-1">See your entries and rank</span>
        <ChevronRight aria-hidden className="size-4 shrink-0" />
      </a>
    </section>
  );
}
