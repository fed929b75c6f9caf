import { CopyPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useDuplicateContest } from '../api/duplicate-contest.ts';

/**
 * Copies the contest as a new draft and opens the copy's edit form: a copy is made to be changed
 * (its dates at least) before it is published.
 */
export function DuplicateContestButton({ contestId }: { contestId: string }) {
  const [, navigate] = useLocation();
  const duplicate = useDuplicateContest();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={duplicate.isPending}
      aria-busy={duplicate.isPending}
      onClick={() =>
        duplicate.mutate(contestId, {
          onSuccess: (copy) => {
            toast({
              title: 'Contest Duplicated',
              description: 'The copy is saved as a draft: check its dates, then publish it.',
              variant: 'success',
            });
            navigate(`/contest-edit/${copy.id}`);
          },
          onError: (error) =>
            reportFailure(
              error,
              'Duplicate Failed',
              'Failed to duplicate contest. Please try again.',
            ),
        })
      }
    >
      <CopyPlus aria-hidden />
      {duplicate.isPending ? 'Duplicating...' : 'Duplicate'}
    </Button>
  );
}
