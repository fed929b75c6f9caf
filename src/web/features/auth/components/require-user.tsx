import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { redirectToLogin } from '#web/lib/unauthorized.ts';
import { useCurrentUser } from '../api/get-current-user.ts';

/** Signed-in screens: a visitor gets the logged-out toast and goes to sign in. */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const isSignedOut = !isPending && !user;
  useEffect(() => {
    if (isSignedOut) redirectToLogin();
  }, [isSignedOut]);
  if (!user) return <PageSpinner />;
  return children(user);
}
