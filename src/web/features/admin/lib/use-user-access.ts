import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useSetUserRole } from '../api/set-user-role.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';

/**
 * Role and status changes with the toasts of docs/product.md#admin-screens. The server refuses
 * self-demotion, self-deactivation and removing the last admin; its message is what the toast
 * then says.
 */
export function useUserAccess() {
  const setRole = useSetUserRole();
  const setStatus = useSetUserStatus();
  return {
    isChanging: (userId: string) =>
      (setRole.isPending && setRole.variables?.userId === userId) ||
      (setStatus.isPending && setStatus.variables?.userId === userId),
    changeRole: (user: AdminUserListItem, role: AdminUserListItem['role']) =>
      setRole.mutate(
        { userId: user.id, role },
        {
          onSuccess: ({ message }) => toast({ title: 'Role Updated', description: message }),
          onError: (error) => reportFailure(error, 'Error', 'Failed to update user role.'),
        },
      ),
    changeStatus: (user: AdminUserListItem, isActive: boolean) =>
      setStatus.mutate(
        { userId: user.id, isActive },
        {
          onSuccess: ({ message }) => toast({ title: 'Status Updated', description: message }),
          onError: (error) => reportFailure(error, 'Error', 'Failed to update user status.'),
        },
      ),
  };
}
