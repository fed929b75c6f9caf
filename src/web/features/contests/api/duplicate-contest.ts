import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

/** A copy of the contest as a new draft (docs/product.md#duplicate-a-contest). */
export function duplicateContest(contestId: string) {
  return apiRequest<OwnerContest>('POST', `/api/contests/${contestId}/duplicate`);
}

export function useDuplicateContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateContest,
    onSuccess: () => refreshContests(queryClient),
  });
}
