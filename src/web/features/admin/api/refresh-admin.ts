import type { QueryClient } from '@tanstack/react-query';

/** Every admin query's key starts with this, so one change refreshes figures, lists and audit. */
export const adminQueryKey = ['admin'] as const;

export function refreshAdminData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminQueryKey });
}
