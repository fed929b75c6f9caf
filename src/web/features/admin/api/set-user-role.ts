import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserChangeResponse, SetUserRoleBody } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function setUserRole(userId: string, body: SetUserRoleBody) {
  return apiRequest<AdminUserChangeResponse>('PATCH', `/api/admin/users/${userId}/role`, body);
}

/** Make Admin / Remove Admin. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & SetUserRoleBody) =>
      setUserRole(userId, { role }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
