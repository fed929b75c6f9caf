import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

/** Answers the entry without that flag. `alias` is refused: one of the two entries must go. */
export function clearEntryFlag(contestId: string, entryId: string, flag: EntryFlag) {
  return apiRequest<ContestEntryItem>(
    'DELETE',
    `/api/contests/${contestId}/entries/${entryId}/flags/${flag}`,
  );
}

/**
 * The contest's key holds its entries, their summary and the wheel: all are asked again (an
 * entry cleared of its last flag may be drawn again).
 */
export function useClearEntryFlag(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, flag }: { entryId: string; flag: EntryFlag }) =>
      clearEntryFlag(contestId, entryId, flag),
    onSuccess: () => refreshContests(queryClient, contestId),
  });
}
