import { useQuery } from '@tanstack/react-query';
import type { TopReferrer } from '#shared/contracts/referrals.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Under the contest's key: whatever changes its entries (an import, a removal, a cleared flag)
 * asks the referrers again, as their counts follow their friends' entries.
 */
export const topReferrersQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'referrers'] as const;

/** The contest's ten entrants with the most counted referrals, most first. */
export function getTopReferrers(contestId: string) {
  return apiRequest<TopReferrer[]>('GET', `/api/contests/${contestId}/referrers`);
}

export function useTopReferrers(contestId: string) {
  return useQuery({
    queryKey: topReferrersQueryKey(contestId),
    queryFn: () => getTopReferrers(contestId),
  });
}
