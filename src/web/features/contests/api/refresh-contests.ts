import type { QueryClient } from '@tanstack/react-query';
import { contestQueryKey } from './get-contest.ts';
import { contestsQueryKey } from './get-contests.ts';
import { entryCountsQueryKey } from './get-entry-counts.ts';

/**
 * After any contest change the list and the counts are asked again: queries never refetch by
 * themselves (docs/product.md#times-refreshes-and-constants).
 */
export function refreshContests(queryClient: QueryClient, contestId?: string) {
  void queryClient.invalidateQueries({ queryKey: contestsQueryKey });
  void queryClient.invalidateQueries({ queryKey: entryCountsQueryKey });
  if (contestId) void queryClient.invalidateQueries({ queryKey: contestQueryKey(contestId) });
}
