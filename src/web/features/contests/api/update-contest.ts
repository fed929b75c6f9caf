import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerContest, UpdateContestBody } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export function updateContest(contestId: string, body: UpdateContestBody) {
  return apiRequest<OwnerContest>('PUT', `/api/contests/${contestId}`, body);
}

export function useUpdateContest(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContestBody) => updateContest(contestId, body),
    onSuccess: () => refreshContests(queryClient, contestId),
  });
}
