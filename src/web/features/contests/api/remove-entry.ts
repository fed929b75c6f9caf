import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export function removeEntry(contestId: string, entryId: string) {
  return apiRequest<void>('DELETE', `/api/contests/${contestId}/entries/${entryId}`);
}

/**
 * The contest's key holds its entries, their summary and count, and the wheel: all are asked
 * again, with the contest (a confirmed entry removed frees its place).
 */
export function useRemoveEntry(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => removeEntry(contestId, entryId),
    onSuccess: () => refreshContests(queryClient, contestId),
  });
}
