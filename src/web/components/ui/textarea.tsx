import { useId, type ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Label } from './label.tsx';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string;
  hint?: string;
};

export function TextareaField({ label, error, hint, className, id, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const messageId = `${fieldId}-message`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className="min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-zinc-400 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm"
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
