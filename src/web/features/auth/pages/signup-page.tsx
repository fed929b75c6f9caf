import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { signupBody, type SignupBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { useSignUp } from '../api/signup.ts';
import { CheckInbox } from '../components/check-inbox.tsx';

const emptyForm: SignupBody = { firstName: '', lastName: '', email: '', password: '' };

export function SignupPage() {
  const signUp = useSignUp();
  /** The address a verification link was sent to: the screen then says so, not the form. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signupBody), defaultValues: emptyForm });
  const { errors } = form.formState;

  // Summary toasts beside the per-field messages (docs/product.md#validation-rules, Names).
  const onInvalid = () => {
    const values = form.getValues();
    if (Object.values(values).some((value) => !value.trim())) {
      toast({
        title: 'Missing information',
        description: 'Please fill in all fields.',
        variant: 'destructive',
      });
    } else if (values.password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: 'Password too short',
        description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
        variant: 'destructive',
      });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    signUp.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field in emptyForm) form.setError(field as keyof SignupBody, { message });
          }
        }
        toast({
          title: 'Signup failed',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }, onInvalid);

  if (sentTo) return <CheckInbox email={sentTo} onChangeAddress={() => setSentTo(null)} />;

  return (
    <AuthLayout
      title="Create your account"
      description="Start your first giveaway in minutes."
      footer={
        <>
          Already have an account? <TextLink href="/login">Sign in</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
