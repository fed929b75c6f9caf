import type { AdminContestListItem } from '#shared/contracts/admin.ts';
import { useAdminList } from './admin-list.ts';

/**
 * Every owner's contests whose title contains the search text, in one status or any, with entry
 * count and trainer.
 */
export function useAdminContests(search: string, status?: string) {
  return useAdminList<AdminContestListItem>(
    '/api/admin/contests',
    search,
    status ? { status } : {},
  );
}
