import { Palette, Plus, Shield } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '#shared/contracts/auth.ts';
import { Logo } from '#web/components/layout/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { LogoutButton } from '#web/features/auth/components/logout-button.tsx';
import { useContests } from '#web/features/contests/api/get-contests.ts';
import { ContestList } from '#web/features/contests/components/contest-list.tsx';

/** The signed-in home: greeting, admin entry point, sign-out, and the owner's contests. */
export function SignedInHome({ user }: { user: CurrentUser }) {
  const hasContests = (useContests().data?.length ?? 0) > 0;
  return (
    <TooltipProvider>
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
              <Button asChild variant="outline" size="sm">
                <Link href="/account/brand">
                  <Palette aria-hidden />
                  <span className="sr-only sm:not-sr-only">Brand</span>
                </Link>
              </Button>
              <LogoutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8">
          <p className="text-muted-foreground">Welcome, {user.firstName || user.email}</p>
          <div className="mb-6 mt-1 flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-3xl font-extrabold tracking-tight">Your Contests</h1>
            {hasContests ? (
              <Button asChild>
                <Link href="/contest-builder">
                  <Plus aria-hidden />
                  Create New Contest
                </Link>
              </Button>
            ) : null}
          </div>
          <ContestList />
        </main>
      </div>
    </TooltipProvider>
  );
}
