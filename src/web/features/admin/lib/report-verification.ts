import type { AdminUserActionResponse } from '#shared/contracts/admin.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';

/** The toasts of a direct e-mail verification, the same on every page that asks for one. */
export const reportVerification = {
  onSuccess: ({ user }: AdminUserActionResponse) =>
    toast({
      title: 'Email Verified',
      description: `Successfully verified ${user.email}`,
      variant: 'success',
    }),
  onError: (error: unknown) =>
    reportFailure(error, 'Verification Failed', 'Failed to verify email'),
};
