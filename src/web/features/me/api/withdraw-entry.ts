import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { myEntriesQueryKey } from './get-my-entries.ts';

export function withdrawEntry(entryId: string) {
  return apiRequest<void>('DELETE', `/api/me/entries/${encodeURIComponent(entryId)}`);
}

/** The list is read again: the entry is gone from it. */
export function useWithdrawEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEntriesQueryKey }),
  });
}
