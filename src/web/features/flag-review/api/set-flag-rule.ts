import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import type { DrawDecision, FlagReview } from '#shared/contracts/flag-review.ts';
import { contestQueryKey } from '#web/features/contests/api/get-contest.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Every entry with `flag` in the draw, or out, including those still to come. */
export function setFlagRule(contestId: string, flag: EntryFlag, decision: DrawDecision) {
  return apiRequest<FlagReview>('PUT', `/api/contests/${contestId}/flag-review/${flag}`, {
    decision,
  });
}

/** The review, the entries and the wheel all change: the contest's queries are asked again. */
export function useSetFlagRule(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, decision }: { flag: EntryFlag; decision: DrawDecision }) =>
      setFlagRule(contestId, flag, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestQueryKey(contestId) }),
  });
}
