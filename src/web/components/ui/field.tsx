import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A label, a control and its message: the error (announced) or else the hint, tied to the
 * control for screen readers. The control is rendered by `children` with the wiring it needs.
 */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const messageId = `${controlId}-message`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

/** A field's error (announced) or else its hint; `id` is what the control's aria-describedby names. */
export function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string;
  hint?: ReactNode;
}) {
  if (error) {
    return (
      <p id={id} role="alert" className="text-sm font-medium text-destructive">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}
