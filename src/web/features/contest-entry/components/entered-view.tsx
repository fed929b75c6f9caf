import { Trophy } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { PublicContest } from '#shared/contracts/contests.ts';
import type { EntryStatus } from '#shared/contracts/entries.ts';
import type { ReferralLink } from '#shared/contracts/referrals.ts';
import { useEntryCheck } from '../api/check-entry.ts';
import { CallToActionButton } from './call-to-action.tsx';
import { EnteredCard, tones } from './entered-card.tsx';
import { EntryReceipt } from './entry-receipt.tsx';

/** The personal link as plain text, when the panel that shows it could not be loaded. */
function PlainReferralLink({ referral }: { referral: ReferralLink }) {
  return (
    <p className="break-all text-sm">
      Your personal link:{' '}
      <a href={referral.url} className="font-semibold text-primary">
        {referral.url}
      </a>
    </p>
  );
}

// Only an entrant of a contest with referrals needs the panel: its own small chunk. One that
// cannot be loaded (a release has replaced it since the page opened) shows the link plainly.
const ReferralPanel = lazy(() =>
  import('./referral-panel.tsx').then(
    (module) => ({ default: module.ReferralPanel }),
    () => ({ default: PlainReferralLink }),
  ),
);
/** A winner's own browser (it holds their entry's id): they won, and what happens next. */
function YouWonCard({ place, winnersCount }: { place: number; winnersCount: number }) {
  return (
    <section
      role="status"
      aria-labelledby="you-won-heading"
      className="rounded-2xl border border-amber-200 bg-accent-soft p-6 text-center"
    >
      <Trophy aria-hidden className="mx-auto size-10 text-accent" />
      <h2 id="you-won-heading" className="mt-3 text-2xl font-extrabold">
        You won{winnersCount > 1 ? ` place ${place}` : ''}!
      </h2>
      <p className="mt-2">
        Congratulations! The organiser will contact you at the e-mail address you entered with to
        arrange your prize. Keep an eye on your inbox (and your spam folder).
      </p>
    </section>
  );
}

/**
 * What an entrant coming back sees in place of the form: their place if they won, their entry,
 * their personal link while it still earns, and their receipt.
 */
export function EnteredView({
  contest,
  name,
  entryId,
  status,
  confirmationResent,
  referral,
  isDrawn,
  recordHref,
}: {
  contest: PublicContest;
  name: string;
  entryId: string | null;
  status: EntryStatus;
  confirmationResent: boolean;
  referral: ReferralLink | null;
  isDrawn: boolean;
  recordHref: string | null;
}) {
  const wonPlace = useEntryCheck(contest.id, entryId, { isPending: status === 'pending', isDrawn });
  return (
    <>
      {wonPlace !== null ? (
        <YouWonCard place={wonPlace} winnersCount={contest.winnersCount} />
      ) : null}
      <EnteredCard
        name={name}
        status={status}
        confirmationResent={confirmationResent}
        confirmationMessage={contest.confirmationMessage}
        endDate={contest.endDate}
        timeZone={contest.timeZone}
        winnersCount={contest.winnersCount}
        isDrawn={isDrawn}
      />
      {contest.brand.callToAction ? (
        <CallToActionButton callToAction={contest.brand.callToAction} />
      ) : null}
      {/* After the draw more entries earn nothing: the panel goes. */}
      {referral && contest.referralBonus > 0 && !isDrawn ? (
        <Suspense fallback={null}>
          <ReferralPanel
            contestTitle={contest.title}
            referralBonus={contest.referralBonus}
            referralCap={contest.referralCap}
            referral={referral}
            isPending={status === 'pending'}
          />
        </Suspense>
      ) : null}
      {entryId ? (
        <EntryReceipt entryId={entryId} recordHref={recordHref} tone={tones[status]} />
      ) : null}
    </>
  );
}
