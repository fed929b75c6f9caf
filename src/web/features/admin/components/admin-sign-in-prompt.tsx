import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { adminLoginHref } from '../lib/admin-login-href.ts';

/**
 * What a recovery or admin page shows instead of its tools without an admin session
 * (the admin gate of docs/product.md#screens-and-routes): no figures, no forms, only the way to
 * the admin sign-in; the server would refuse the data anyway.
 */
export function AdminSignInPrompt({ user }: { user: CurrentUser | null }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardContent className="grid justify-items-center gap-3 pt-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <ShieldAlert aria-hidden className="size-6" />
        </span>
        <h2 className="text-xl font-bold">Admin sign-in required</h2>
        <p className="text-sm text-muted-foreground">
          {user
            ? `You are signed in as ${user.email}, which is not an administrator account. Sign in with an admin account to use this tool.`
            : 'This tool is for administrators. Sign in with an admin account to use it.'}
        </p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link href={adminLoginHref()}>Admin Login</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
