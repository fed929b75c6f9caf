import { Link } from 'wouter';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { ResetUserPasswordForm } from '../components/reset-user-password-form.tsx';
import { useDefaultEmail } from '../lib/default-email.ts';

/**
 * Sets an account's password directly in the database (the same reset as the admin password
 * reset, reached from the emergency pages): the screen at /database-reset.
 */
export function DatabasePasswordResetPage() {
  return (
    <PageFrame
      title="Database Password Reset"
      description="Update an account's password directly in the database."
      back={{ href: '/admin', label: 'Back to Admin' }}
      width="max-w-xl"
    >
      <AdminGate>{() => <DatabasePasswordResetForm />}</AdminGate>
    </PageFrame>
  );
}

function DatabasePasswordResetForm() {
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
