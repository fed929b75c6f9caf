import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** Role, Active/Inactive and Verified/Unverified, as every admin list shows them. */
export function UserBadges({ user }: { user: AdminUserListItem }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>
        {user.role === 'admin' ? 'Admin' : 'User'}
      </Badge>
      <Badge tone={user.isActive ? 'success' : 'danger'}>
        {user.isActive ? 'Active' : 'Inactive'}
      </Badge>
      <Badge tone={user.emailVerifiedAt ? 'success' : 'warning'}>
        {user.emailVerifiedAt ? 'Verified' : 'Unverified'}
      </Badge>
    </span>
  );
}

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
