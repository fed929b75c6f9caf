import { Link } from 'wouter';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminGate } from '../components/admin-gate.tsx';
import { ResetUserPasswordForm } from '../components/reset-user-password-form.tsx';

/** An admin sets a user's password directly, e.g. for a user locked out of their mailbox. */
export function AdminPasswordResetPage() {
  return (
    <PageFrame
      title="Admin Password Reset"
      description="Set a new password for any account."
      back={{ href: '/working-admin', label: 'Back to Working Admin' }}
      width="max-w-xl"
    >
      <AdminGate>
        {() => (
          <ResetUserPasswordForm
            path="/api/admin/reset-user-password"
            submitLabel="Reset User Password"
            pendingLabel="Resetting Password..."
            successText="User password has been updated successfully."
            failureFallback="Failed to reset user password."
            successActions={
              <Button asChild>
                <Link href="/working-admin">Back to Admin Panel</Link>
              </Button>
            }
          />
        )}
      </AdminGate>
    </PageFrame>
  );
}
