import { useQuery } from '@tanstack/react-query';
import type { OwnerContest, PublicContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const contestQueryKey = (contestId: string) => ['/api/contests', contestId] as const;

/** The owner's full record, or the public fields for anyone else. */
export function getContest<T extends PublicContest = OwnerContest>(contestId: string) {
  return apiRequest<T>('GET', `/api/contests/${encodeURIComponent(contestId)}`);
}

export function useContest(contestId: string) {
  return useQuery({ queryKey: contestQueryKey(contestId), queryFn: () => getContest(contestId) });
}
