import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { ownerPlacesQueryKey } from './get-owner-places.ts';

/** Mails the winner at `position` their notice again, with the same deadline (3 an hour). */
export function resendNotice(contestId: string, position: number) {
  return apiRequest<{ message: string }>(
    'POST',
    `/api/contests/${contestId}/draws/${position}/resend`,
  );
}

export function useResendNotice(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (position: number) => resendNotice(contestId, position),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerPlacesQueryKey(contestId) }),
  });
}
