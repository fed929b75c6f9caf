import { useQuery } from '@tanstack/react-query';
import type { EntrySummary } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const entrySummaryQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'entries', 'summary'] as const;

export function getEntrySummary(contestId: string) {
  return apiRequest<EntrySummary>('GET', `/api/contests/${contestId}/entries/summary`);
}

/**
 * The entries each filter lists, refetched as often as the dashboard's count so both follow the
 * contest together. Under the entries' key: whatever asks the entries again (an import, a
 * removal, a cleared flag) asks this again too.
 */
export function useEntrySummary(contestId: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: entrySummaryQueryKey(contestId),
    queryFn: () => getEntrySummary(contestId),
    refetchInterval,
  });
}
