import { useMutation } from '@tanstack/react-query';
import type { DisqualifyBody, DrawRecord } from '#shared/contracts/draws.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/**
 * Disqualifies the winner at `position`, named by their pick `p` (the reason is public), and
 * draws the replacement.
 */
export function disqualifyWinner(contestId: string, position: number, body: DisqualifyBody) {
  return apiRequest<DrawRecord>(
    'POST',
    `/api/contests/${contestId}/draws/${position}/disqualify`,
    body,
  );
}

/**
 * The winner named is already out and someone else holds the place (a second click, another
 * tab): nothing changed, and the screen was showing an old draw.
 */
export function isPickChanged(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PICK_CHANGED';
}

/** The caller refreshes once the wheel has shown the replacement, so it is not revealed early. */
export function useDisqualifyWinner(contestId: string) {
  return useMutation({
    mutationFn: ({ position, p, reason }: { position: number; p: number; reason: string }) =>
      disqualifyWinner(contestId, position, { p, reason }),
  });
}
