import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import type { DrawDecision } from '#shared/contracts/flag-review.ts';
import { contestQueryKey } from '#web/features/contests/api/get-contest.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** This one flagged entry in the draw, or out, whatever the rule for its flags. */
export function setDrawDecision(contestId: string, entryId: string, decision: DrawDecision) {
  return apiRequest<ContestEntryItem>(
    'PUT',
    `/api/contests/${contestId}/entries/${entryId}/draw-decision`,
    { decision },
  );
}

export function useSetDrawDecision(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, decision }: { entryId: string; decision: DrawDecision }) =>
      setDrawDecision(contestId, entryId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestQueryKey(contestId) }),
  });
}
