import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useDeleteContest } from '../api/delete-contest.ts';

type ContestRef = { id: string; title: string };

/**
 * Asks before anything is removed, in the words of docs/product.md#owner-screens (Delete). The
 * owner's screens and the admin panel confirm alike and differ only in the call they make.
 */
export function ConfirmContestDelete({
  contest,
  isPending,
  onConfirm,
  size = 'sm',
}: {
  contest: ContestRef;
  isPending: boolean;
  /** Runs the deletion; calls `close` once it succeeded. */
  onConfirm: (close: () => void) => void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline-destructive" size={size}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        title="Delete contest?"
        description={`Are you sure you want to delete "${contest.title}"? This action cannot be undone and will remove all contest entries.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={isPending}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's delete: their own contest, through the owner API. */
export function DeleteContestDialog({
  contest,
  onDeleted,
  size,
}: {
  contest: ContestRef;
  onDeleted?: () => void;
  size?: 'sm' | 'md';
}) {
  const remove = useDeleteContest();
  return (
    <ConfirmContestDelete
      contest={contest}
      size={size}
      isPending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(contest.id, {
          onSuccess: () => {
            close();
            toast({
              title: 'Contest Deleted',
              description: 'Contest has been successfully deleted.',
            });
            onDeleted?.();
          },
          onError: (error) =>
            reportFailure(error, 'Delete Failed', 'Failed to delete contest. Please try again.'),
        })
      }
    />
  );
}
