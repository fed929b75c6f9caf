import type { AdminContestListItem } from '#shared/contracts/admin.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { ConfirmContestDelete } from '#web/features/contests/components/delete-contest-dialog.tsx';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useDeleteAnyContest } from '../api/delete-any-contest.ts';

/** An admin deletes any owner's contest, after the same confirmation the owner sees. */
export function AdminDeleteContest({ contest }: { contest: AdminContestListItem }) {
  const remove = useDeleteAnyContest();
  return (
    <ConfirmContestDelete
      contest={contest}
      isPending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(contest.id, {
          onSuccess: ({ message }) => {
            close();
            toast({ title: 'Contest Deleted', description: message });
          },
          onError: (error) => reportFailure(error, 'Error', 'Failed to delete contest.'),
        })
      }
    />
  );
}
