import { Lock } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { entriesOpenFor } from '../lib/open-entries.ts';

/**
 * Asked before a draw while entries are still open: the first draw closes them for good, end date
 * or not (docs/product.md#the-draw). `endDate` null: the dialog is closed.
 */
export function EarlyDrawDialog({
  endDate,
  onConfirm,
  onCancel,
}: {
  endDate: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={endDate !== null} onOpenChange={(open) => !open && onCancel()}>
      {endDate ? (
        <DialogContent
          title="Draw now?"
          description={`Entries are open for ${entriesOpenFor(endDate)}. Drawing now closes them for good.`}
        >
          <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            Nobody can enter after the draw, not even before the end date, and the entries cannot be
            opened again.
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onCancel}>
              Keep entries open
            </Button>
            <Button type="button" onClick={onConfirm}>
              Draw now
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
