import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const entryCountsQueryKey = ['/api/contests/entry-counts'] as const;

export function getEntryCounts() {
  return apiRequest<Record<string, number>>('GET', '/api/contests/entry-counts');
}

/** Asked only when there are contests to count. */
export function useEntryCounts(enabled: boolean) {
  return useQuery({ queryKey: entryCountsQueryKey, queryFn: getEntryCounts, enabled });
}
