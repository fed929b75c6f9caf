import { ShieldMinus, ShieldPlus, UserCheck, UserX } from 'lucide-react';
import type { AdminUserListItem } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { useUserAccess } from '../lib/use-user-access.ts';

/** The admin panel's Make Admin / Remove Admin and Activate / Deactivate. */
export function UserAccessButtons({
  user,
  isSelf,
  access,
}: {
  user: AdminUserListItem;
  /** An admin cannot demote or deactivate themself (the server refuses it too). */
  isSelf: boolean;
  access: ReturnType<typeof useUserAccess>;
}) {
  const disabled = isSelf || access.isChanging(user.id);
  const isAdmin = user.role === 'admin';
  const label = (action: string) =>
    isSelf ? `${action} (not allowed on your own account)` : action;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={disabled}
        title={isSelf ? 'You cannot change your own account.' : undefined}
        aria-label={label(`${isAdmin ? 'Remove Admin' : 'Make Admin'}: ${user.email}`)}
        onClick={() => access.changeRole(user, isAdmin ? 'user' : 'admin')}
      >
        {isAdmin ? <ShieldMinus aria-hidden /> : <ShieldPlus aria-hidden />}
        {isAdmin ? 'Remove Admin' : 'Make Admin'}
      </Button>
      <Button
        size="sm"
        variant={user.isActive ? 'outline-destructive' : 'outline'}
        disabled={disabled}
        title={isSelf ? 'You cannot change your own account.' : undefined}
        aria-label={label(`${user.isActive ? 'Deactivate' : 'Activate'}: ${user.email}`)}
        onClick={() => access.changeStatus(user, !user.isActive)}
      >
        {user.isActive ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
        {user.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </>
  );
}
