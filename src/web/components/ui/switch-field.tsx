import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { FieldMessage } from './field.tsx';
import { Label } from './label.tsx';
import { Switch } from './switch.tsx';

type SwitchFieldProps = ComponentProps<typeof Switch> & {
  label: string;
  hint?: ReactNode;
  error?: string;
};

/**
 * A setting that is on or off: its label and hint beside the switch, the error (announced) in
 * place of the hint, tied to the switch for screen readers as Field ties them to an input.
 */
export function SwitchField({
  label,
  hint,
  error,
  className,
  id,
  ...switchProps
}: SwitchFieldProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const messageId = `${switchId}-message`;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={switchId} className="leading-snug">
          {label}
        </Label>
        <FieldMessage id={messageId} error={error} hint={hint} />
      </div>
      <Switch
        id={switchId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...switchProps}
      />
    </div>
  );
}
