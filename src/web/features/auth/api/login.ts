import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { replaceCachedUser } from './get-current-user.ts';

export function logIn(body: LoginBody) {
  return apiRequest<{ user: CurrentUser }>('POST', '/api/auth/login', body);
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ user }) => {
      replaceCachedUser(queryClient, user);
    },
  });
}
