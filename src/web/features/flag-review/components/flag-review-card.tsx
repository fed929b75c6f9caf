import { ShieldAlert } from 'lucide-react';
import { flagLabels } from '#shared/contracts/entry-flags.ts';
import { flagRuleDescriptions, type FlagReviewReason } from '#shared/contracts/flag-review.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useFlagReview } from '../api/get-flag-review.ts';
import { useSetFlagRule } from '../api/set-flag-rule.ts';
import { DrawDecisionToggle } from './draw-decision-toggle.tsx';

/** The card's id, for the wheel's "N flagged entries are left out: review" link. */
export const FLAG_REVIEW_ANCHOR = 'flag-review';

const entriesCount = (count: number) =>
  `${count.toLocaleString()} ${count === 1 ? 'entry' : 'entries'}`;

function ReasonRow({
  contestId,
  reason,
  isLocked,
}: {
  contestId: string;
  reason: FlagReviewReason;
  isLocked: boolean;
}) {
  const setRule = useSetFlagRule(contestId);
  const label = flagLabels[reason.flag];
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
      <div className="grid min-w-0 justify-items-start gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="warning">{label}</Badge>
          <span className="text-sm tabular-nums">
            {entriesCount(reason.count)}
            {reason.leftOut > 0 ? (
              <span className="text-muted-foreground">
                {' '}
                · {reason.leftOut.toLocaleString()} left out
              </span>
            ) : null}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">{flagRuleDescriptions[reason.flag]}</p>
      </div>
      <DrawDecisionToggle
        label={`${label} entries`}
        value={reason.rule}
        disabled={isLocked || setRule.isPending}
        onChange={(decision) =>
          setRule.mutate(
            { flag: reason.flag, decision },
            {
              onSuccess: () =>
                toast({
                  title: decision === 'include' ? 'In the Draw' : 'Left Out',
                  description: `Every ${label.toLowerCase()} entry is ${decision === 'include' ? 'in the draw' : 'left out of the draw'}, new ones too.`,
                  variant: 'success',
                }),
              onError: (error) =>
                reportFailure(
                  error,
                  'Change Failed',
                  'Failed to change the rule. Please try again.',
                ),
            },
          )
        }
      />
    </li>
  );
}

/**
 * "N entries are flagged": before the first draw the owner sees why each flagged entry looks
 * doubtful and decides, per flag here or per entry in the list, who is drawn
 * (docs/product.md#flagged-entries). Nothing when no entry is flagged.
 */
export function FlagReviewCard({ contestId }: { contestId: string }) {
  const review = useFlagReview(contestId).data;
  if (!review || review.flagged === 0) return null;
  const { flagged, leftOut, isLocked } = review;
  return (
    <section
      id={FLAG_REVIEW_ANCHOR}
      aria-labelledby="flag-review-title"
      className="scroll-mt-4 rounded-2xl border border-amber-300 bg-card p-5 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id="flag-review-title" className="flex items-center gap-2 text-lg font-bold">
          <ShieldAlert aria-hidden className="size-5 text-amber-700" />
          {entriesCount(flagged)} {flagged === 1 ? 'is' : 'are'} flagged
        </h2>
        <p className="text-sm text-muted-foreground">
          {isLocked
            ? `The draw has started: ${leftOut === 0 ? 'none of them was' : `${entriesCount(leftOut)} ${leftOut === 1 ? 'was' : 'were'}`} left out, as the public draw record says.`
            : `${leftOut === 0 ? 'All of them are' : `${entriesCount(flagged - leftOut)} ${flagged - leftOut === 1 ? 'is' : 'are'}`} in the draw. Decide before you draw: the first draw fixes who can win, and the public record says how many were left out and why. To decide one by one, open Flagged in Contest Entries.`}
        </p>
      </div>
      <ul className="mt-2 divide-y divide-border" aria-label="Flags">
        {review.reasons.map((reason) => (
          <ReasonRow key={reason.flag} contestId={contestId} reason={reason} isLocked={isLocked} />
        ))}
      </ul>
    </section>
  );
}
