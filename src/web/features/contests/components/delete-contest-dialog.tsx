import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDeleteContest } from '../api/delete-contest.ts';
import { reportFailure } from '#web/lib/report-failure.ts';

/** Asks with the spec's words before anything is removed. */
export function DeleteContestDialog({
  contest,
  onDeleted,
  size = 'sm',
}: {
  contest: { id: string; title: string };
  onDeleted?: () => void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteContest();
  const confirm = () =>
    remove.mutate(contest.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Contest Deleted', description: 'Contest has been successfully deleted.' });
        onDeleted?.();
      },
      onError: (error) => {
        reportFailure(error, 'Delete Failed', 'Failed to delete contest. Please try again.');
      },
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size} className="text-destructive hover:text-destructive">
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
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
