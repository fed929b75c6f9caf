import { UserX } from 'lucide-react';
import { useState } from 'react';
import type { MyEntry } from '#shared/contracts/me.ts';
import { ordinal } from '#shared/ordinal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';

/** What withdrawing does to this entry, in the entrant's words. */
function consequences(entry: MyEntry): string[] {
  const erased =
    entry.withdrawal === 'delete'
      ? `Your entry in "${entry.contestTitle}" is deleted: your name and e-mail are erased and you are no longer in the draw.`
      : `Your name and e-mail are erased and your entry is removed from the organiser's list. The winners are already being drawn: the public draw record keeps an anonymous line for your entry, so that anyone can still check the draw, and it is never picked again.`;
  const prize = entry.wonPlace
    ? [
        `You won ${ordinal(entry.wonPlace)} place: withdrawing gives up the prize, which goes to the next entry drawn.`,
      ]
    : [];
  return [erased, ...prize, 'This cannot be undone.'];
}

/** Withdrawing one entry, asked first: it cannot be taken back. */
export function WithdrawEntryDialog({
  entry,
  isPending,
  onConfirm,
}: {
  entry: MyEntry;
  isPending: boolean;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline-destructive" size="sm">
          <UserX aria-hidden />
          Withdraw my entry
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" title="Withdraw this entry?">
        <div className="grid gap-2 text-sm">
          {consequences(entry).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep my entry
          </Button>
          <Button
            variant="destructive"
            disabled={isPending}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {isPending ? 'Withdrawing...' : 'Withdraw my entry'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
