import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeSessionBody, MyEntries } from '#shared/contracts/me.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { myEntriesQueryKey } from './get-my-entries.ts';

/** The mailed link's button: spends the link and answers the entries it opens. */
export function openMyPage(body: MeSessionBody) {
  return apiRequest<MyEntries>('POST', '/api/me/session', body);
}

export function useOpenMyPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openMyPage,
    onSuccess: (entries) => queryClient.setQueryData(myEntriesQueryKey, entries),
  });
}
