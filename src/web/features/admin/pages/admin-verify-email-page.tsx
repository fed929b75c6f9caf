import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { verifyEmailDirectBody } from '#shared/contracts/admin.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { useVerifyEmailDirect } from '../api/verify-email-direct.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { reportVerification } from '../lib/report-verification.ts';

/** Marks an account's e-mail verified without the mailed link, e.g. when mail is not arriving. */
export function AdminVerifyEmailPage() {
  return (
    <PageFrame
      title="Verify Email"
      description="Mark an account's email address as verified so its owner can sign in."
      back={{ href: '/working-admin', label: 'Back to Working Admin' }}
      width="max-w-xl"
    >
      <AdminGate>{() => <VerifyEmailForm />}</AdminGate>
    </PageFrame>
  );
}

function VerifyEmailForm() {
  const verify = useVerifyEmailDirect();
  const form = useForm({
    resolver: zodResolver(verifyEmailDirectBody),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      ...reportVerification,
      onSuccess: (answer) => {
        reportVerification.onSuccess(answer);
        form.reset();
      },
    }),
  );
  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <EmailField
            placeholder="user@example.com"
            autoComplete="off"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
