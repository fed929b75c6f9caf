import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateContestBody, OwnerContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export function createContest(body: CreateContestBody) {
  return apiRequest<OwnerContest>('POST', '/api/contests', body);
}

export function useCreateContest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContest, onSuccess: () => refreshContests(queryClient) });
}
