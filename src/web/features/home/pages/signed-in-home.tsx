import { LogOut, Shield, Trophy } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { Logo } from '#web/components/layout/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useLogOut } from '#web/features/auth/api/logout.ts';

/** The signed-in home: greeting, admin entry point, sign-out, and the owner's contests. */
export function SignedInHome({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const logOut = useLogOut();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <div className="flex items-center gap-2">
            {user.role === 'admin' ? (
              <Button asChild variant="outline" size="sm">
                <Link href="/admin">
                  <Shield aria-hidden />
                  <span className="sr-only sm:not-sr-only">Admin Panel</span>
                </Link>
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              disabled={logOut.isPending}
              onClick={() => logOut.mutate(undefined, { onSettled: () => navigate('/') })}
            >
              <LogOut aria-hidden />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <p className="text-muted-foreground">Welcome, {user.firstName || user.email}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Your Contests</h1>
        <div className="mt-8 rounded-2xl border border-dashed border-input bg-card p-10 text-center">
          <Trophy aria-hidden className="mx-auto size-10 text-accent" />
          <h2 className="mt-4 text-lg font-bold">Contests are coming</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-muted-foreground">
            Your account is ready. Creating and managing contests arrives in the next release.
          </p>
        </div>
      </main>
    </div>
  );
}
