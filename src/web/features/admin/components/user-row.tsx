import type { ReactNode } from 'react';
import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { fullName, UserBadges } from './user-badges.tsx';

/** One account in an admin list: who, since when, its state, and the screen's own actions. */
export function UserRow({ user, actions }: { user: AdminUserListItem; actions?: ReactNode }) {
  const name = fullName(user);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <EmailText email={user.email} className="block font-medium" />
        <p className="text-sm text-muted-foreground">
          {name || 'No name'} · Joined {formatDateTime(user.createdAt)}
        </p>
        <UserBadges user={user} />
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </li>
  );
}
