import { useMutation } from '@tanstack/react-query';
import type { ManualResetBody, MessageResponse } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function resetPasswordManually(body: ManualResetBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/manual-reset', body);
}

export function useResetPasswordManually() {
  return useMutation({ mutationFn: resetPasswordManually });
}
