import { useId } from 'react';
import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import type { useUserAccess } from '../lib/use-user-access.ts';

/** The working admin's role and active toggles. */
export function UserAccessSwitches({
  user,
  isSelf,
  access,
}: {
  user: AdminUserListItem;
  isSelf: boolean;
  access: ReturnType<typeof useUserAccess>;
}) {
  const id = useId();
  const disabled = isSelf || access.isChanging(user.id);
  const toggles = [
    {
      key: 'admin',
      label: 'Admin',
      checked: user.role === 'admin',
      change: (checked: boolean) => access.changeRole(user, checked ? 'admin' : 'user'),
    },
    {
      key: 'active',
      label: 'Active',
      checked: user.isActive,
      change: (checked: boolean) => access.changeStatus(user, checked),
    },
  ];
  return (
    <>
      {toggles.map((toggle) => (
        <span key={toggle.key} className="flex items-center gap-2 text-sm">
          <Switch
            id={`${id}-${toggle.key}`}
            checked={toggle.checked}
            disabled={disabled}
            aria-label={`${toggle.label}: ${user.email}`}
            onCheckedChange={toggle.change}
          />
          <label htmlFor={`${id}-${toggle.key}`} className="font-medium">
            {toggle.label}
          </label>
        </span>
      ))}
      {isSelf ? <span className="text-xs text-muted-foreground">You</span> : null}
    </>
  );
}
