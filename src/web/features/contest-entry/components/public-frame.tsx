import type { ReactNode } from 'react';
import { LogoMark } from '#web/components/layout/logo-mark.tsx';

/** The entrant's pages: no sign-in, no app bar, one column that fits the narrowest phone. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-primary-soft to-background px-4 py-6 sm:py-12">
      <main className="mx-auto w-full max-w-lg">{children}</main>
      <footer className="mt-8 flex items-center justify-center gap-2 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        Powered by Prizewheel
      </footer>
    </div>
  );
}
