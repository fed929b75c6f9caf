import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, VerifyEmailBody } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { replaceCachedUser } from './get-current-user.ts';

export function verifyEmail(body: VerifyEmailBody) {
  return apiRequest<{ user: CurrentUser }>('POST', '/api/auth/verify-email', body);
}

/** Verifying proves both the mailbox and the password, so it signs the person in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user }) => replaceCachedUser(queryClient, user),
  });
}
