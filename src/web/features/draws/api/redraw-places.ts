import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedrawBody } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshDraw } from './refresh-draw.ts';

/** Disqualifies every current winner with one public reason; the places are drawn again. */
export function redrawPlaces(contestId: string, body: RedrawBody) {
  return apiRequest<{ message: string }>('DELETE', `/api/contests/${contestId}/winner`, body);
}

export function useRedrawPlaces(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => redrawPlaces(contestId, { reason }),
    onSuccess: () => refreshDraw(queryClient, contestId),
  });
}
