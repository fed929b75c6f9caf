import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshDraw } from './refresh-draw.ts';

export function resetWinner(contestId: string) {
  return apiRequest<{ message: string }>('DELETE', `/api/contests/${contestId}/winner`);
}

export function useResetWinner(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetWinner(contestId),
    onSuccess: () => refreshDraw(queryClient, contestId),
  });
}
