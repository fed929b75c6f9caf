import type { QueryClient } from '@tanstack/react-query';
import { drawsQueryKey } from './get-draws.ts';
import { ownerPlacesQueryKey } from './get-owner-places.ts';
import { wheelQueryKey } from './get-wheel.ts';

/**
 * After a draw or a reset: its history, its wheel and the places' claims. The contest's own
 * queries (its winner) are the page's to refresh: the draws feature does not depend on the
 * contests feature.
 */
export function refreshDraw(queryClient: QueryClient, contestId: string) {
  void queryClient.invalidateQueries({ queryKey: drawsQueryKey(contestId) });
  void queryClient.invalidateQueries({ queryKey: wheelQueryKey(contestId) });
  void queryClient.invalidateQueries({ queryKey: ownerPlacesQueryKey(contestId) });
}
