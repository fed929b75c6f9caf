import type { AdminDrawListItem } from '#shared/contracts/admin.ts';
import { useAdminList } from './admin-list.ts';

/** Every contest's draws and resets, deleted contests' too, whose title contains the search. */
export function useAdminDraws(search: string) {
  return useAdminList<AdminDrawListItem>('/api/admin/draws', search);
}
