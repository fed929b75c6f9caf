import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { toast } from '#web/components/ui/use-toast.ts';

/** The spec's answer to a lost session: say so, then go through /api/login to the sign-in page. */
export function redirectToLogin(
  description = 'You are logged out. Logging in again...',
  title = 'Unauthorized',
) {
  toast({ title, description, variant: 'destructive' });
  setTimeout(() => window.location.assign('/api/login'), UNAUTHORIZED_REDIRECT_DELAY_MS);
}
