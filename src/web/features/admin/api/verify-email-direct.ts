import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserActionResponse, VerifyEmailDirectBody } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

/** The admin screens call the first; the production verify page the second (same operation). */
export type VerifyEmailPath = '/api/admin/verify-email-direct' | '/api/auth/verify-manual';

export function verifyEmailDirect(path: VerifyEmailPath, body: VerifyEmailDirectBody) {
  return apiRequest<AdminUserActionResponse>('POST', path, body);
}

export function useVerifyEmailDirect(path: VerifyEmailPath = '/api/admin/verify-email-direct') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailDirectBody) => verifyEmailDirect(path, body),
    onSuccess: () => refreshAdminData(queryClient),
  });
}
