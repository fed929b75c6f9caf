import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserActionResponse, ResetUserPasswordBody } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

/** The admin password reset page calls the first; the database reset page the second. */
export type ResetPasswordPath = '/api/admin/reset-user-password' | '/api/database/reset-password';

export function resetUserPassword(path: ResetPasswordPath, body: ResetUserPasswordBody) {
  return apiRequest<AdminUserActionResponse>('POST', path, body);
}

/** Sets a user's password directly; the server ends that user's sessions. */
export function useResetUserPassword(path: ResetPasswordPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetUserPasswordBody) => resetUserPassword(path, body),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
