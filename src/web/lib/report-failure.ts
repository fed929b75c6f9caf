import { toast } from '#web/components/ui/use-toast.ts';
import { isUnauthorizedError, messageOf } from './api-client.ts';
import { redirectToLogin } from './unauthorized.ts';

/**
 * How an owner's action that failed is reported: a lost session goes to sign in
 * (docs/product.md#errors); anything else is a toast with the server's message, or the screen's
 * own wording.
 */
export function reportFailure(error: unknown, title: string, fallback: string): void {
  if (isUnauthorizedError(error)) {
    redirectToLogin();
    return;
  }
  toast({ title, description: messageOf(error, fallback), variant: 'destructive' });
}
