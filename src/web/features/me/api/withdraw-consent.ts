import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyEntries, MyEntry } from '#shared/contracts/me.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { myEntriesQueryKey } from './get-my-entries.ts';

export function withdrawConsent(entryId: string) {
  return apiRequest<MyEntry>(
    'POST',
    `/api/me/entries/${encodeURIComponent(entryId)}/withdraw-consent`,
  );
}

/** The entry's new state replaces it in the list. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawConsent,
    onSuccess: (entry) =>
      queryClient.setQueryData<MyEntries | null>(myEntriesQueryKey, (mine) =>
        mine
          ? { ...mine, entries: mine.entries.map((item) => (item.id === entry.id ? entry : item)) }
          : mine,
      ),
  });
}
