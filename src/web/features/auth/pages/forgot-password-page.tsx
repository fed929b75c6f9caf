import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailOnlyBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRequestPasswordResetLink } from '../api/forgot-password.ts';

export function ForgotPasswordPage() {
  const requestLink = useRequestPasswordResetLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit((values) =>
    requestLink.mutate(values, {
      onSuccess: () => {
        setSentTo(values.email);
        toast({
          title: 'Reset link sent',
          description: 'Check your e-mail for a password reset link.',
        });
      },
      onError: () =>
        toast({
          title: 'Request failed',
          description: 'Please try again.',
          variant: 'destructive',
        }),
    }),
  );

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your e-mail address and we'll send you a link to choose a new one."
      footer={<TextLink href="/login">Back to sign in</TextLink>}
    >
      {sentTo ? (
        <div role="status" className="grid gap-4 text-sm">
          <p className="flex items-start gap-2 rounded-lg bg-success-soft p-4 text-green-900">
            <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. It
              works once and expires in 1 hour.
            </span>
          </p>
          <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
            Use another e-mail address
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
          <Button type="submit" size="lg" disabled={requestLink.isPending}>
            {requestLink.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
