import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignupBody } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function signUp(body: SignupBody) {
  return apiRequest<MessageResponse>('POST', '/api/auth/signup', body);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
