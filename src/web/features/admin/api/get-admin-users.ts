import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { useAdminList } from './admin-list.ts';

/** Users whose e-mail contains the search text (any letter case), newest first. */
export function useAdminUsers(search: string) {
  return useAdminList<AdminUserListItem>('/api/admin/users', search);
}
