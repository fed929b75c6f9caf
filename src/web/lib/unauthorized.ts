import { useEffect } from 'react';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { isUnauthorizedError } from './api-client.ts';

/**
 * The answer to a lost session (docs/product.md#screens-and-routes): say so, then go through
 * /api/login to the sign-in page.
 */
export function redirectToLogin(
  description = 'You are logged out. Logging in again...',
  title = 'Unauthorized',
) {
  toast({ title, description, variant: 'destructive' });
  setTimeout(() => window.location.assign('/api/login'), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** For screens whose data call answered 401: toast and redirect once, after render. */
export function useRedirectOnUnauthorized(error: unknown) {
  const isUnauthorized = isUnauthorizedError(error);
  useEffect(() => {
    if (isUnauthorized) redirectToLogin();
  }, [isUnauthorized]);
  return isUnauthorized;
}
