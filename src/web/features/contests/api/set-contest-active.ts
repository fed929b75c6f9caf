import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

/** Publishes a draft, pauses or resumes entries. */
export function setContestActive(contestId: string, isActive: boolean) {
  return apiRequest<OwnerContest>('PATCH', `/api/contests/${contestId}/status`, { isActive });
}

export function useSetContestActive(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) => setContestActive(contestId, isActive),
    onSuccess: () => refreshContests(queryClient, contestId),
  });
}
