import { useId } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn } from '#web/lib/cn.ts';
import { useEmailsHidden } from '#web/lib/hide-emails.ts';

/**
 * "Hide e-mails" for a shared screen: entrants' addresses show as "d…@gmail.com" in the entries,
 * the winners and the top referrers while it is on (docs/product.md#owner-screens).
 */
export function HideEmailsSwitch({ className }: { className?: string }) {
  const [hidden, setHidden] = useEmailsHidden();
  const id = useId();
  return (
    <div className={cn('flex min-h-11 items-center gap-2', className)}>
      <Switch id={id} checked={hidden} onCheckedChange={setHidden} />
      <Label htmlFor={id} className="cursor-pointer py-3 leading-none">
        Hide e-mails
      </Label>
    </div>
  );
}
