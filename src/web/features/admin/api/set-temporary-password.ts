import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemporaryPasswordResponse } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function setTemporaryPassword(userId: string) {
  return apiRequest<TemporaryPasswordResponse>(
    'POST',
    `/api/admin/users/${userId}/temporary-password`,
  );
}

/** User management's Reset Password: a random password the server returns once. */
export function useSetTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemporaryPassword,
    onSuccess: () => refreshAdminData(queryClient),
  });
}
