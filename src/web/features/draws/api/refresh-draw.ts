import type { QueryClient } from '@tanstack/react-query';
import { refreshContests } from '#web/features/contests/api/refresh-contests.ts';
import { drawsQueryKey } from './get-draws.ts';
import { wheelQueryKey } from './get-wheel.ts';

/** After a draw or a reset: the contest (winner), its history and its wheel. */
export function refreshDraw(queryClient: QueryClient, contestId: string) {
  refreshContests(queryClient, contestId);
  void queryClient.invalidateQueries({ queryKey: drawsQueryKey(contestId) });
  void queryClient.invalidateQueries({ queryKey: wheelQueryKey(contestId) });
}
