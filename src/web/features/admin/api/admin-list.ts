import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIST_DEFAULT_LIMIT, TOTAL_COUNT_HEADER } from '#shared/contracts/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { adminQueryKey } from './refresh-admin.ts';

export type AdminListPage<T> = { items: T[]; total: number };

/**
 * The admin lists answer one page at a time (100,000 users must not become one answer) with
 * the number of all matches in a header; the screens load further pages on demand.
 */
export function useAdminList<T>(
  path: '/api/admin/users' | '/api/admin/contests' | '/api/admin/draws',
  search: string,
  filters: Record<string, string> = {},
) {
  return useInfiniteQuery({
    queryKey: [...adminQueryKey, path, search, filters],
    queryFn: async ({ pageParam }): Promise<AdminListPage<T>> => {
      const query = new URLSearchParams({
        limit: String(ADMIN_LIST_DEFAULT_LIMIT),
        offset: String(pageParam),
        ...filters,
      });
      if (search) query.set('search', search);
      const response = await apiFetch('GET', `${path}?${query}`);
      return {
        items: (await response.json()) as T[],
        total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
      };
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      nextOffset(
        pages.map((page) => page.items.length),
        lastPage.total,
      ),
  });
}

/** Where the next page starts, or undefined when every match is loaded (or a page came empty). */
export function nextOffset(pageSizes: number[], total: number): number | undefined {
  const loaded = pageSizes.reduce((sum, size) => sum + size, 0);
  return loaded < total && pageSizes.at(-1) !== 0 ? loaded : undefined;
}
