import { useQuery } from '@tanstack/react-query';
import { ENTRY_COUNT_REFETCH_MS } from '#shared/constants.ts';
import type { EntrySummary } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const entrySummaryQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'entries', 'summary'] as const;

export function getEntrySummary(contestId: string) {
  return apiRequest<EntrySummary>('GET', `/api/contests/${contestId}/entries/summary`);
}

/**
 * Confirmed, pending and flagged entries, refetched as often as the dashboard's count so both
 * follow the contest together. Under the entries' key: whatever asks the entries again (an
 * import, a removal, a cleared flag) asks this again too.
 */
export function useEntrySummary(contestId: string) {
  return useQuery({
    queryKey: entrySummaryQueryKey(contestId),
    queryFn: () => getEntrySummary(contestId),
    refetchInterval: ENTRY_COUNT_REFETCH_MS,
  });
}
