import { Lock, MailCheck, UserPlus } from 'lucide-react';
import type { PublicContest } from '#shared/contracts/contests.ts';
import type { EntryReceipt } from '#shared/contracts/entries.ts';
import { contestTermsOf } from '#shared/contracts/entry-terms.ts';
import { referralMessages } from '#shared/contracts/referrals.ts';
import { formatCount } from '#web/lib/format-count.ts';
import { useEntryPageState } from '../lib/entry-page-state.ts';
import { Countdown } from './countdown.tsx';
import { EntryForm } from './entry-form.tsx';

/** Before entering, on a contest with referrals: what entering earns beside the entry itself. */
function ReferralPromise({ bonus, cap }: { bonus: number; cap: number }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-violet-200 bg-primary-soft/60 px-4 py-3 text-sm">
      <UserPlus aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        Entering gets you your own link to share. {referralMessages.worth(bonus)} (up to{' '}
        {formatCount(cap)} bonus {cap === 1 ? 'entry' : 'entries'}).
      </span>
    </p>
  );
}

type OpenContest = Pick<
  PublicContest,
  | 'id'
  | 'endDate'
  | 'referralBonus'
  | 'referralCap'
  | 'requireConfirmation'
  | 'rules'
  | 'consentText'
>;

/**
 * An open contest's invitation: who sent the visitor, the time left, what referrals earn, the
 * form and its promises. The entry page shows it, and the owner's live preview (inert there).
 */
export function OpenEntry({
  contest,
  onEntered,
}: {
  contest: OpenContest;
  onEntered: (receipt: EntryReceipt) => void;
}) {
  const { referrerName } = useEntryPageState();
  return (
    <>
      {referrerName ? (
        <p className="flex items-center gap-2 text-base font-semibold">
          <UserPlus aria-hidden className="size-5 shrink-0 text-primary" />
          <span className="min-w-0 break-words">{referrerName} invited you to enter</span>
        </p>
      ) : null}
      <Countdown endDate={contest.endDate} />
      {contest.referralBonus > 0 ? (
        <ReferralPromise bonus={contest.referralBonus} cap={contest.referralCap} />
      ) : null}
      <EntryForm
        contestId={contest.id}
        asked={contestTermsOf(contest)}
        consentText={contest.consentText}
        canResendLink={contest.referralBonus > 0}
        onEntered={onEntered}
      />
      {contest.requireConfirmation ? (
        <p className="-mt-2 flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground">
          <MailCheck aria-hidden className="size-4 shrink-0 text-primary" />
          We&apos;ll e-mail you a link to confirm your entry.
        </p>
      ) : null}
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
        <Lock aria-hidden className="size-3.5" />
        One entry per e-mail • Information secure &amp; never shared
      </p>
    </>
  );
}
