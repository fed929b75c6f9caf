import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { useLogOut } from '../api/logout.ts';

/** Signs out and returns to / (docs/product.md#owner-screens), whatever the server answered. */
export function LogoutButton() {
  const [, navigate] = useLocation();
  const logOut = useLogOut();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={logOut.isPending}
      onClick={() => logOut.mutate(undefined, { onSettled: () => navigate('/') })}
    >
      <LogOut aria-hidden />
      Logout
    </Button>
  );
}
