import { useQuery } from '@tanstack/react-query';
import type { MyEntries } from '#shared/contracts/me.ts';
import { apiRequest, isUnauthorizedError } from '#web/lib/api-client.ts';

export const myEntriesQueryKey = ['/api/me'] as const;

/** The entries of the mailbox this browser opened the page for; null when it has not (or no longer). */
export async function getMyEntries(): Promise<MyEntries | null> {
  try {
    return await apiRequest<MyEntries>('GET', '/api/me');
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
}

export function useMyEntries() {
  return useQuery({ queryKey: myEntriesQueryKey, queryFn: getMyEntries });
}
