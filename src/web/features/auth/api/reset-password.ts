import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { replaceCachedUser } from './get-current-user.ts';

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server ends every session of the account, this browser's included.
    onSuccess: () => replaceCachedUser(queryClient, null),
  });
}
