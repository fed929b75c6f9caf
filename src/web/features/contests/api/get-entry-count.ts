import { useQuery } from '@tanstack/react-query';
import { ENTRY_COUNT_REFETCH_MS } from '#shared/constants.ts';
import { getEntryCount } from '#web/features/contest-entry/api/get-entry-count.ts';

export const entryCountQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'entries', 'count'] as const;

/** The dashboard's count, refetched every 30 s so an open dashboard follows the contest. */
export function useEntryCount(contestId: string) {
  return useQuery({
    queryKey: entryCountQueryKey(contestId),
    queryFn: () => getEntryCount(contestId),
    refetchInterval: ENTRY_COUNT_REFETCH_MS,
  });
}
