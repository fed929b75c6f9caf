import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
