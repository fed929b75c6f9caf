import type { RefObject } from 'react';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { DemoWheel } from './demo-wheel.tsx';

/** The sample draw in a dialog; `opener` gets the focus back when it closes. */
export function DemoDialog({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Try the wheel"
        description="A sample draw with eight made-up entrants. Your contests draw from your real entries."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DemoWheel />
      </DialogContent>
    </Dialog>
  );
}
