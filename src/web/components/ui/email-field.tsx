import type { ComponentProps } from 'react';
import { FormField } from './form-field.tsx';

/** The e-mail input of every account form: the right keyboard on phones, autofill on. */
export function EmailField(
  props: Omit<ComponentProps<typeof FormField>, 'label'> & { label?: string },
) {
  return (
    <FormField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
