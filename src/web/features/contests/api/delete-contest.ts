import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export function deleteContest(contestId: string) {
  return apiRequest<void>('DELETE', `/api/contests/${contestId}`);
}

export function useDeleteContest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContest, onSuccess: () => refreshContests(queryClient) });
}
