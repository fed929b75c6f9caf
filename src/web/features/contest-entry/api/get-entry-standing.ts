import { useQuery } from '@tanstack/react-query';
import type { EntryStanding } from '#shared/contracts/referrals.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const entryStandingQueryKey = (contestId: string, entryId: string, token: string) =>
  ['/api/contests', contestId, 'entries', entryId, 'status', token] as const;

/** One entrant's standing, for the holder of their status link (its token). */
export function getEntryStanding(contestId: string, entryId: string, token: string) {
  return apiRequest<EntryStanding>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/entries/${encodeURIComponent(entryId)}/status?token=${encodeURIComponent(token)}`,
  );
}

export function useEntryStanding(contestId: string, entryId: string, token: string) {
  return useQuery({
    queryKey: entryStandingQueryKey(contestId, entryId, token),
    queryFn: () => getEntryStanding(contestId, entryId, token),
  });
}
