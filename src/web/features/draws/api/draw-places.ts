import { useMutation } from '@tanstack/react-query';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Draws the next `count` empty places (every empty place without one), by the committed
 * sequence of docs/draw-protocol.md; answers the public record.
 */
export function drawPlaces(contestId: string, count?: number) {
  return apiRequest<DrawRecord>(
    'POST',
    `/api/contests/${contestId}/draws`,
    count === undefined ? {} : { count },
  );
}

/** The caller refreshes once the wheel has stopped, so the result is not revealed early. */
export function useDrawPlaces(contestId: string) {
  return useMutation({ mutationFn: (count?: number) => drawPlaces(contestId, count) });
}
