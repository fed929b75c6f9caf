import { useQuery } from '@tanstack/react-query';
import { ENTRY_COUNT_REFETCH_MS } from '#shared/constants.ts';
import type { EntryCount } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const entryCountQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'entries', 'count'] as const;

export function getEntryCount(contestId: string) {
  return apiRequest<EntryCount>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/entries/count`,
  );
}

/** Refetched every 30 s so an open page follows a contest as it fills. */
export function useEntryCount(contestId: string) {
  return useQuery({
    queryKey: entryCountQueryKey(contestId),
    queryFn: () => getEntryCount(contestId),
    refetchInterval: ENTRY_COUNT_REFETCH_MS,
  });
}
