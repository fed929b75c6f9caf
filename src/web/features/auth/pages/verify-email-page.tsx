import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { emailOnlyBody, verifyEmailBody } from '#shared/contracts/auth.ts';
import { authMessages } from '#shared/messages.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/**
 * Where the link in the verification mail lands. The link alone does not verify: the person
 * also gives the password chosen at sign-up, so an address squatted by someone else cannot be
 * completed by its real owner's click (see docs/decisions/011).
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const form = useForm({
    resolver: zodResolver(verifyEmailBody),
    defaultValues: { token, password: '' },
  });
  const refusal = deadLinkRefusal(verify.error);

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Email verified',
          description: 'Welcome! You are signed in.',
          variant: 'success',
        });
        navigate('/');
      },
      onError: (error) => {
        // A dead link switches the page to its own screen, which says why in a callout.
        if (deadLinkRefusal(error)) return;
        toast({
          title: 'Verification failed',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    }),
  );

  if (!token || refusal) {
    return (
      <AuthLayout
        title="This link cannot be used"
        footer={<TextLink href="/login">Back to sign in</TextLink>}
      >
        <div className="grid gap-5">
          <Callout icon={CircleAlert} tone="warning">
            {refusal ?? authMessages.verificationLinkInvalid}
          </Callout>
          <ResendVerificationForm />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Confirm your email"
      description="Enter the password you chose when you signed up. This proves the account is yours."
      footer={
        <>
          Forgot it? <TextLink href="/forgot-password">Reset your password</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify and sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/**
 * The server's message when the refusal means the link itself is useless (a new one has to be
 * sent), else null.
 */
function deadLinkRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'DEAD_LINK'
    ? (error.serverMessage ?? authMessages.verificationLinkInvalid)
    : null;
}

function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => resend.mutate(values));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" size="lg" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send a new verification link'}
      </Button>
    </form>
  );
}
