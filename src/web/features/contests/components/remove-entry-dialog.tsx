import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useShownEmail } from '#web/lib/hide-emails.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useRemoveEntry } from '../api/remove-entry.ts';

/** Removing an entry the owner judged fake: asked first, as deleting a contest is. */
export function RemoveEntryDialog({
  contestId,
  entry,
}: {
  contestId: string;
  entry: ContestEntryItem;
}) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveEntry(contestId);
  const shownEmail = useShownEmail();

  const confirm = () =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Entry Removed',
          description: `${entry.name} is no longer entered in this contest.`,
          variant: 'success',
        });
      },
      onError: (error) =>
        reportFailure(error, 'Remove Failed', 'Failed to remove the entry. Please try again.'),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline-destructive"
          size="sm"
          aria-label={`Remove the entry of ${entry.name}`}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        title="Remove entry?"
        description={`Remove the entry of ${entry.name} (${shownEmail(entry.email)}) from this contest? This cannot be undone.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
