import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentBody, FulfilmentStatus } from '#shared/contracts/claims.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { ownerPlacesQueryKey } from './get-owner-places.ts';

/** The prize of the place at `position` was sent or delivered; the note stays the owner's. */
export function recordFulfilment(contestId: string, position: number, body: FulfilmentBody) {
  return apiRequest<{ status: FulfilmentStatus }>(
    'POST',
    `/api/contests/${contestId}/draws/${position}/fulfilment`,
    body,
  );
}

export function useRecordFulfilment(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ position, ...body }: FulfilmentBody & { position: number }) =>
      recordFulfilment(contestId, position, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerPlacesQueryKey(contestId) }),
  });
}
