import { useQuery } from '@tanstack/react-query';
import { ENTRY_COUNT_REFETCH_MS } from '#shared/constants.ts';
import type { FlagReview } from '#shared/contracts/flag-review.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Under the contest's key: whatever asks the contest again (a draw, a removal) asks this too. */
export const flagReviewQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'flag-review'] as const;

export function getFlagReview(contestId: string) {
  return apiRequest<FlagReview>('GET', `/api/contests/${contestId}/flag-review`);
}

/** Refetched as often as the entry count: new entries may bring new flags. */
export function useFlagReview(contestId: string) {
  return useQuery({
    queryKey: flagReviewQueryKey(contestId),
    queryFn: () => getFlagReview(contestId),
    refetchInterval: ENTRY_COUNT_REFETCH_MS,
  });
}
