import type { ReactNode } from 'react';
import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { SearchableAdminList } from './admin-list-view.tsx';
import { UserRow } from './user-row.tsx';

/** Users searched by e-mail (any letter case, any part), with each screen's own actions. */
export function UsersPanel({
  renderActions,
}: {
  renderActions?: (user: AdminUserListItem) => ReactNode;
}) {
  return (
    <SearchableAdminList
      useList={useAdminUsers}
      noun={['user', 'users']}
      searchLabel="Search users by email"
      emptyText="No users found matching your search."
      renderItem={(user) => <UserRow key={user.id} user={user} actions={renderActions?.(user)} />}
    />
  );
}
