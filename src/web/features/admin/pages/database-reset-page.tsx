import { Link } from 'wouter';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { ResetUserPasswordForm } from '../components/reset-user-password-form.tsx';
import { useDefaultEmail } from '../lib/default-email.ts';

/** The database reset tool: the same direct reset, reached from the emergency pages. */
export function DatabaseResetPage() {
  return (
    <PageFrame
      title="Database Password Reset"
      description="Update an account's password directly in the database."
      back={{ href: '/admin', label: 'Back to Admin' }}
      width="max-w-xl"
    >
      <AdminGate>{() => <DatabaseResetForm />}</AdminGate>
    </PageFrame>
  );
}

function DatabaseResetForm() {
  return (
    <ResetUserPasswordForm
      path="/api/database/reset-password"
      defaultEmail={useDefaultEmail()}
      submitLabel="Reset Password in Database"
      pendingLabel="Updating Database..."
      successText="Your password has been updated directly in the database."
      failureFallback="Failed to reset password."
      successActions={
        <Button asChild>
          <Link href="/login">Login Now</Link>
        </Button>
      }
    />
  );
}
