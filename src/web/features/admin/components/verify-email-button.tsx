import { MailCheck } from 'lucide-react';
import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useVerifyEmailDirect } from '../api/verify-email-direct.ts';
import { reportVerification } from '../lib/report-verification.ts';

/** Marks an unverified account verified; the list refreshes and the badge turns Verified. */
export function VerifyEmailButton({ user }: { user: AdminUserListItem }) {
  const verify = useVerifyEmailDirect();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Verify Email: ${user.email}`}
      disabled={verify.isPending}
      onClick={() => verify.mutate({ email: user.email }, reportVerification)}
    >
      <MailCheck aria-hidden />
      {verify.isPending ? 'Verifying...' : 'Verify Email'}
    </Button>
  );
}
