import { useQuery } from '@tanstack/react-query';
import type { WheelData } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const wheelQueryKey = (contestId: string) => ['/api/contests', contestId, 'wheel'] as const;

export function getWheel(contestId: string) {
  return apiRequest<WheelData>('GET', `/api/contests/${contestId}/wheel`);
}

export function useWheel(contestId: string) {
  return useQuery({ queryKey: wheelQueryKey(contestId), queryFn: () => getWheel(contestId) });
}
