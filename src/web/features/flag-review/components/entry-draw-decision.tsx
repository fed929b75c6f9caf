import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useSetDrawDecision } from '../api/set-draw-decision.ts';
import { DrawDecisionToggle } from './draw-decision-toggle.tsx';

/** Beside a flagged entry: in the draw or left out, whatever the rule for its flags says. */
export function EntryDrawDecision({
  contestId,
  entry,
  isLocked,
}: {
  contestId: string;
  entry: ContestEntryItem;
  isLocked: boolean;
}) {
  const setDecision = useSetDrawDecision(contestId);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-xs text-muted-foreground">
        {entry.drawDecision
          ? 'Your choice for this entry.'
          : 'Follows the rule for its flags, set above the draw.'}
      </p>
      <DrawDecisionToggle
        label={`${entry.name}'s entry`}
        value={entry.leftOut ? 'exclude' : 'include'}
        disabled={isLocked || setDecision.isPending}
        onChange={(decision) =>
          setDecision.mutate(
            { entryId: entry.id, decision },
            {
              onSuccess: () =>
                toast({
                  title: decision === 'include' ? 'In the Draw' : 'Left Out',
                  description: `${entry.name} is ${decision === 'include' ? 'in the draw' : 'left out of the draw'}.`,
                  variant: 'success',
                }),
              onError: (error) =>
                reportFailure(
                  error,
                  'Change Failed',
                  'Failed to change the entry. Please try again.',
                ),
            },
          )
        }
      />
    </div>
  );
}
