import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserChangeResponse, SetUserStatusBody } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function setUserStatus(userId: string, body: SetUserStatusBody) {
  return apiRequest<AdminUserChangeResponse>('PATCH', `/api/admin/users/${userId}/status`, body);
}

/** Activate / Deactivate; deactivating ends that user's sessions on the server. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string } & SetUserStatusBody) =>
      setUserStatus(userId, { isActive }),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
