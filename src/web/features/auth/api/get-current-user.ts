import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { apiRequest, isUnauthorizedError } from '#web/lib/api-client.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** Not being signed in is an answer (null), not a failure. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/api/auth/user');
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

/**
 * Someone else is signed in now (or no one): forget what the previous visitor had cached.
 * The current-user query is updated in place rather than cleared, because the mounted root
 * route observes it; after `queryClient.clear()` that observer would keep the removed query
 * and go on showing the previous user.
 */
export function replaceCachedUser(queryClient: QueryClient, user: CurrentUser | null) {
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
  });
}
