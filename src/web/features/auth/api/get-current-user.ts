import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** Not being signed in is an answer (null), not a failure. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}
