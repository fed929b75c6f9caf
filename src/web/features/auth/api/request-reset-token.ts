import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody, MessageResponse } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Mails a token for the manual reset page; the token is never shown on screen. */
export function requestResetToken(body: EmailOnlyBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/request-reset-token', body);
}

export function useRequestResetToken() {
  return useMutation({ mutationFn: requestResetToken });
}
