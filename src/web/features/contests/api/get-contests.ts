import { useQuery } from '@tanstack/react-query';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const contestsQueryKey = ['/api/contests'] as const;

export function getContests() {
  return apiRequest<OwnerContest[]>('GET', '/api/contests');
}

export function useContests() {
  return useQuery({ queryKey: contestsQueryKey, queryFn: getContests });
}
