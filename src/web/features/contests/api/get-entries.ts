import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContestEntryItem, EntryListFilter } from '#shared/contracts/entries.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const ENTRIES_PAGE_SIZE = 200;

export const entriesQueryKey = (contestId: string, filter: EntryListFilter, search = '') =>
  ['/api/contests', contestId, 'entries', filter, search] as const;

type EntriesPage = { entries: ContestEntryItem[]; total: number };

/** One page of entries, newest first, with the total that matches the filter and the search. */
export async function getEntries(
  contestId: string,
  filter: EntryListFilter,
  search: string,
  cursor?: string,
): Promise<EntriesPage> {
  const query = new URLSearchParams({ limit: String(ENTRIES_PAGE_SIZE) });
  if (filter !== 'all') query.set('filter', filter);
  if (search) query.set('search', search);
  if (cursor) query.set('cursor', cursor);
  const response = await apiFetch('GET', `/api/contests/${contestId}/entries?${query}`);
  return {
    entries: (await response.json()) as ContestEntryItem[],
    total: Number(response.headers.get('x-total-count') ?? 0),
  };
}

/** Refetched (every loaded page) at the dashboard's live interval, as its count is. */
export function useEntries(
  contestId: string,
  filter: EntryListFilter,
  search: string,
  refetchInterval: number | false,
) {
  return useInfiniteQuery({
    refetchInterval,
    queryKey: entriesQueryKey(contestId, filter, search),
    queryFn: ({ pageParam }) => getEntries(contestId, filter, search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.entries.at(-1);
      return lastPage.entries.length === ENTRIES_PAGE_SIZE && last
        ? `${last.entryDate}_${last.id}`
        : undefined;
    },
  });
}
