import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody, MessageResponse } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function requestPasswordResetLink(body: EmailOnlyBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function useRequestPasswordResetLink() {
  return useMutation({ mutationFn: requestPasswordResetLink });
}
