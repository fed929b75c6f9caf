import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { emailOnlyBody, type VerificationOutcome } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

const headings: Record<VerificationOutcome, { title: string; text: string }> = {
  verified: {
    title: 'Email verified',
    text: 'Your email address is confirmed. You can sign in and create your first contest.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Verification links work for 24 hours. Enter your email and we will send a new one.',
  },
  invalid: {
    title: 'This link is not valid',
    text: 'The link is incomplete or was replaced by a newer one. Enter your email and we will send a new one.',
  },
};

/** Where the link in the verification mail lands, after the server has checked it. */
export function VerifyEmailPage() {
  const status = new URLSearchParams(useSearch()).get('status');
  const outcome: VerificationOutcome =
    status === 'verified' || status === 'expired' ? status : 'invalid';
  const { title, text } = headings[outcome];
  const Icon = outcome === 'verified' ? CircleCheck : CircleAlert;

  return (
    <AuthLayout title={title} footer={<TextLink href="/login">Back to sign in</TextLink>}>
      <div className="grid gap-5">
        <Icon
          aria-hidden
          className={outcome === 'verified' ? 'size-12 text-success' : 'size-12 text-accent'}
        />
        <p className="text-sm text-muted-foreground">{text}</p>
        {outcome === 'verified' ? (
          <Button asChild size="lg">
            <Link href="/login">Sign in</Link>
          </Button>
        ) : (
          <ResendVerificationForm />
        )}
      </div>
    </AuthLayout>
  );
}

function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) => resend.mutate(values));
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Send a new verification link'}
      </Button>
    </form>
  );
}
