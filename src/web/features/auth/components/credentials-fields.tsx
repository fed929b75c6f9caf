import type { UseFormReturn } from 'react-hook-form';
import type { LoginBody } from '#shared/contracts/auth.ts';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';

/** The e-mail and password of a sign-in form (the regular one and the admin one). */
export function CredentialsFields({ form }: { form: UseFormReturn<LoginBody> }) {
  const { errors } = form.formState;
  return (
    <>
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
    </>
  );
}
