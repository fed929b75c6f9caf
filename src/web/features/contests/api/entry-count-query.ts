import { useQuery } from '@tanstack/react-query';
import { getEntryCount } from '#web/features/contest-entry/api/get-entry-count.ts';

export const entryCountQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'entries', 'count'] as const;

/**
 * The dashboard's count: the request of the entry page (`getEntryCount`) as a query, refetched
 * at the dashboard's live interval (`useLiveRefresh`) so an open dashboard follows the contest.
 * Its key sits under the contest's and its entries', so an import or a draw that invalidates
 * those asks it again. The entry page polls the same request without the query cache
 * (`usePolledEntryCount`): it has no query client (docs/decisions/004-public-entry-page.md).
 */
export function useEntryCountQuery(contestId: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: entryCountQueryKey(contestId),
    queryFn: () => getEntryCount(contestId),
    refetchInterval,
  });
}
