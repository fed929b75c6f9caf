import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterContestBody, EntryReceipt } from '#shared/contracts/entries.ts';
import { entryCountQueryKey } from '#web/features/contests/api/get-entry-count.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function enterContest(contestId: string, body: EnterContestBody) {
  return apiRequest<EntryReceipt>('POST', `/api/contests/${contestId}/entries`, body);
}

export function useEnterContest(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterContestBody) => enterContest(contestId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entryCountQueryKey(contestId) }),
  });
}
