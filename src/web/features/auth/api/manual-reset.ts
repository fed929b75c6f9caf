import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualResetBody, MessageResponse } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { replaceCachedUser } from './get-current-user.ts';

export function resetPasswordManually(body: ManualResetBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/manual-reset', body);
}

export function useResetPasswordManually() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPasswordManually,
    // The server ends every session of the account, this browser's included.
    onSuccess: () => replaceCachedUser(queryClient, null),
  });
}
