import { Pause, Play, Rocket } from 'lucide-react';
import { statusAt } from '#shared/contest-time.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useSetContestActive } from '../api/set-contest-active.ts';
import { publishedText } from '../lib/opening.ts';

const actions = {
  draft: {
    isActive: true,
    label: 'Publish',
    icon: Rocket,
    done: 'Contest Published',
    text: null,
  },
  open: {
    isActive: false,
    label: 'Pause entries',
    icon: Pause,
    done: 'Entries Paused',
    text: 'The contest takes no entries until you resume it.',
  },
  paused: {
    isActive: true,
    label: 'Resume entries',
    icon: Play,
    done: 'Entries Resumed',
    text: 'The contest is taking entries again.',
  },
} as const;

/**
 * Publish a draft, pause or resume entries. An ended contest is extended by editing its end; a
 * drawn one is closed for good.
 */
export function StatusControl({ contest, now }: { contest: OwnerContest; now?: number }) {
  const setActive = useSetContestActive(contest.id);
  const status = statusAt(contest, now);
  if (status === 'ended' || status === 'drawn') return null;
  // Before its start a published contest pauses like an open one.
  const action = actions[status === 'scheduled' ? 'open' : status];
  const Icon = action.icon;
  return (
    <Button
      size="sm"
      variant={status === 'open' || status === 'scheduled' ? 'outline' : 'primary'}
      disabled={setActive.isPending}
      onClick={() =>
        setActive.mutate(action.isActive, {
          onSuccess: () =>
            toast({
              title: action.done,
              // Publishing says when entries open: now, or on the start the owner set.
              description: action.text ?? publishedText(contest),
              variant: 'success',
            }),
          onError: (error) => {
            reportFailure(error, 'Update Failed', 'Failed to update contest. Please try again.');
          },
        })
      }
    >
      <Icon aria-hidden />
      {action.label}
    </Button>
  );
}
