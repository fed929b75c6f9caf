import { useQuery } from '@tanstack/react-query';
import type { OwnerPlaces } from '#shared/contracts/claims.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const ownerPlacesQueryKey = (contestId: string) =>
  ['/api/contests', contestId, 'claims'] as const;

/** Every place with its winner's claim, what they gave when claiming, and the prize's way. */
export function getOwnerPlaces(contestId: string) {
  return apiRequest<OwnerPlaces>('GET', `/api/contests/${contestId}/claims`);
}

export function useOwnerPlaces(contestId: string, enabled = true) {
  return useQuery({
    queryKey: ownerPlacesQueryKey(contestId),
    queryFn: () => getOwnerPlaces(contestId),
    enabled,
  });
}
