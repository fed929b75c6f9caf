import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { emailOnlyBody, manualResetBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useResetPasswordManually } from '../api/manual-reset.ts';
import { useRequestResetToken } from '../api/request-reset-token.ts';

const emptyForm = { email: '', token: '', password: '', confirmPassword: '' };

export function ManualResetPage() {
  const [isDone, setIsDone] = useState(false);
  const requestToken = useRequestResetToken();
  const reset = useResetPasswordManually();
  const form = useForm({ resolver: zodResolver(manualResetBody), defaultValues: emptyForm });
  const { errors } = form.formState;

  const onGetToken = () => {
    const email = form.getValues('email').trim();
    if (!email) {
      toast({
        title: 'Email Required',
        description: 'Please enter your e-mail address first.',
        variant: 'destructive',
      });
      return;
    }
    const parsed = emailOnlyBody.safeParse({ email });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    requestToken.mutate(parsed.data, {
      onSuccess: (answer) => toast({ title: 'Reset Token Requested', description: answer.message }),
      onError: () =>
        toast({
          title: 'Request Failed',
          description: 'Failed to generate reset token.',
          variant: 'destructive',
        }),
    });
  };

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (answer) => {
        toast({
          title: 'Password Reset Successful',
          description: answer.message,
          variant: 'success',
        });
        form.reset(emptyForm);
        setIsDone(true);
      },
      onError: () =>
        toast({
          title: 'Reset Failed',
          description: 'Failed to reset password. Please check your token and try again.',
          variant: 'destructive',
        }),
    }),
  );

  if (isDone) {
    return (
      <AuthLayout title="Password Reset Successful!">
        <div className="grid gap-5 text-center">
          <CircleCheck aria-hidden className="mx-auto size-14 text-success" />
          <p className="text-sm text-muted-foreground">
            Your password has been changed and every other session was signed out.
          </p>
          <Button asChild size="lg">
            <Link href="/login">Continue to Login</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Manual password reset"
      description="Ask for a reset token by e-mail, then paste it here with your new password."
      back={<BackLink href="/login" label="Back to sign in" />}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <Button
          type="button"
          variant="secondary"
          onClick={onGetToken}
          disabled={requestToken.isPending}
        >
          {requestToken.isPending ? 'Requesting...' : 'Get Reset Token'}
        </Button>
        <FormField
          label="Reset token"
          autoComplete="one-time-code"
          spellCheck={false}
          placeholder="Paste the token from the e-mail"
          error={errors.token?.message}
          {...form.register('token')}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
