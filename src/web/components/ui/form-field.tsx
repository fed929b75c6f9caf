import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

type FormFieldProps = ComponentProps<'input'> & { label: string; error?: string; hint?: ReactNode };

/** A labelled input whose error is announced and tied to it for screen readers. */
export function FormField({ label, error, hint, className, id, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}
