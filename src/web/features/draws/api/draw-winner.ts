import { useMutation } from '@tanstack/react-query';
import type { DrawResult } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** No body: the server draws at random, with a cryptographic source. */
export function drawWinner(contestId: string) {
  return apiRequest<DrawResult>('POST', `/api/contests/${contestId}/winner`);
}

/** The caller refreshes once the wheel has stopped, so the result is not revealed early. */
export function useDrawWinner(contestId: string) {
  return useMutation({ mutationFn: () => drawWinner(contestId) });
}
