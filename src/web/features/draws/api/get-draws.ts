import { useQuery } from '@tanstack/react-query';
import type { DrawHistoryItem } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const drawsQueryKey = (contestId: string) => ['/api/contests', contestId, 'draws'] as const;

export function getDraws(contestId: string) {
  return apiRequest<DrawHistoryItem[]>('GET', `/api/contests/${contestId}/draws`);
}

export function useDraws(contestId: string) {
  return useQuery({ queryKey: drawsQueryKey(contestId), queryFn: () => getDraws(contestId) });
}
