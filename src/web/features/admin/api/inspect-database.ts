import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIST_DEFAULT_LIMIT, type InspectResponse } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { nextOffset } from './admin-list.ts';
import { adminQueryKey } from './refresh-admin.ts';

export function inspectDatabase(offset: number) {
  const query = new URLSearchParams({
    limit: String(ADMIN_LIST_DEFAULT_LIMIT),
    offset: String(offset),
  });
  return apiRequest<InspectResponse>('GET', `/api/database/inspect?${query}`);
}

/** The accounts in the database, a page at a time; asked only once the admin clicks Inspect. */
export function useInspectDatabase(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...adminQueryKey, 'inspect'],
    queryFn: ({ pageParam }) => inspectDatabase(pageParam),
    enabled,
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      nextOffset(
        pages.map((page) => page.users.length),
        lastPage.totalUsers,
      ),
  });
}
