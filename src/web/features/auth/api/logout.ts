import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#shared/contracts/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { replaceCachedUser } from './get-current-user.ts';

export function logOut() {
  return apiRequest<MessageResponse>('POST', '/api/auth/logout');
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSettled: () => {
      replaceCachedUser(queryClient, null);
    },
  });
}
