import type { ComponentProps } from 'react';
import { Field } from './field.tsx';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string;
  hint?: string;
};

export function TextareaField({ label, error, hint, className, id, ...props }: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          className="min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-zinc-400 focus-visible:border-ring aria-invalid:border-destructive sm:text-sm"
          {...props}
        />
      )}
    </Field>
  );
}
