import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { AdminSignInPrompt } from './admin-sign-in-prompt.tsx';

/**
 * Shows an admin screen's tools to admins only. The server refuses the calls anyway
 * (401/403, role read on every request); this keeps other visitors from a broken screen.
 * `onSignedOut` replaces the prompt for screens that send visitors to sign in instead.
 */
export function AdminGate({
  children,
  loadingText,
  onSignedOut,
}: {
  children: (admin: CurrentUser) => ReactNode;
  loadingText?: string;
  onSignedOut?: () => void;
}) {
  const { data: user, isPending } = useCurrentUser();
  const isSignedOut = !isPending && !user;
  useEffect(() => {
    if (isSignedOut) onSignedOut?.();
  }, [isSignedOut, onSignedOut]);
  if (isPending || (isSignedOut && onSignedOut)) return <PageSpinner text={loadingText} />;
  if (user?.role !== 'admin') return <AdminSignInPrompt user={user ?? null} />;
  return children(user);
}
