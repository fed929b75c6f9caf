import { Share2 } from 'lucide-react';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useShownEmail } from '#web/lib/hide-emails.ts';
import { useTopReferrers } from '../api/get-top-referrers.ts';
import { referralSummary } from '../lib/referral-summary.ts';

function describeReferrals({ referralBonus, referralCap }: OwnerContest): string {
  if (referralBonus === 0) return 'Referrals are off: they add no entries to the draw.';
  const entries = referralBonus === 1 ? 'entry' : 'entries';
  return `Each friend who enters through an entrant's link gives them ${referralBonus} more ${entries}, up to ${referralCap.toLocaleString()}.`;
}

/**
 * The entrants whose links brought the most friends in, with the weight that gives them in the
 * draw (docs/product.md#referrals): who the owner may thank, or look at twice.
 */
export function TopReferrersCard({ contest }: { contest: OwnerContest }) {
  const referrersQuery = useTopReferrers(contest.id);
  const referrers = referrersQuery.data ?? [];
  const shownEmail = useShownEmail();

  return (
    <section
      aria-labelledby="referrers-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id="referrers-title" className="flex items-center gap-2 text-lg font-bold">
          <Share2 aria-hidden className="size-5 text-primary" />
          Top referrers
        </h2>
        <p className="text-sm text-muted-foreground">{describeReferrals(contest)}</p>
      </div>
      {referrersQuery.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner />
        </div>
      ) : referrers.length === 0 ? (
        <p className="mt-4 rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
          No referrals yet
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-border rounded-xl border border-border">
          {referrers.map((referrer, index) => (
            <li
              key={referrer.id}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
            >
              <span className="inline-flex size-7 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary tabular-nums">
                {index + 1}
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium">{referrer.name}</p>
                <p
                  className="truncate text-sm text-muted-foreground"
                  title={shownEmail(referrer.email)}
                >
                  {shownEmail(referrer.email)}
                </p>
              </div>
              <p className="col-start-2 text-sm font-semibold tabular-nums sm:col-start-3 sm:text-right">
                {referralSummary(referrer)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
