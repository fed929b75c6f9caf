import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { verifyEmailDirectBody } from '#shared/contracts/admin.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { messageOf } from '#web/lib/api-client.ts';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useVerifyEmailDirect } from '../api/verify-email-direct.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { useDefaultEmail } from '../lib/default-email.ts';

/**
 * Verifies an account's e-mail in the production database, with the outcome in a panel: the
 * screen at /admin-verify-production.
 */
export function VerifyEmailOutcomePage() {
  return (
    <PageFrame
      width="max-w-xl"
      title="Production Email Verification"
      description="Verify an account's email address directly in the production database."
      back={{ href: '/admin', label: 'Back to Admin' }}
    >
      <AdminGate>{() => <VerifyEmailOutcome />}</AdminGate>
    </PageFrame>
  );
}

function VerifyEmailOutcome() {
  const verify = useVerifyEmailDirect('/api/auth/verify-manual');
  useRedirectOnUnauthorized(verify.error);
  const form = useForm({
    resolver: zodResolver(verifyEmailDirectBody),
    defaultValues: { email: useDefaultEmail() },
  });
  const onSubmit = form.handleSubmit((values) => verify.mutate(values));
  return (
    <div className="grid gap-4">
      <Card>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <EmailField
              autoComplete="off"
              required
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify Email in Production'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {verify.isSuccess ? (
        <Callout role="status" tone="success" icon={CircleCheck}>
          <p className="text-base font-semibold">Email Verified Successfully!</p>
          <p className="break-words text-sm">
            {verify.data.user.email} can now sign in.{' '}
            <Link href="/login" className="font-semibold underline">
              Login Now
            </Link>
          </p>
        </Callout>
      ) : null}
      {verify.isError ? (
        <Callout role="alert" tone="danger" icon={CircleX}>
          <p className="text-base font-semibold">Verification Failed</p>
          <p className="break-words text-sm">
            {messageOf(verify.error, 'Failed to verify email. Please try again.')}
          </p>
        </Callout>
      ) : null}
    </div>
  );
}
