import type { ReactNode } from 'react';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { Logo } from '#web/components/layout/logo.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';

/** The frame of the owner's screens below the home page: brand bar, back link, title. */
export function OwnerPage({
  title,
  back = { href: '/', label: 'Back' },
  actions,
  children,
  width = 'max-w-3xl',
}: {
  title?: ReactNode;
  back?: { href: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  width?: string;
}) {
  return (
    <TooltipProvider>
      <div className="min-h-dvh">
        <header className="border-b border-border bg-card">
          <div className={`mx-auto flex h-14 items-center px-4 ${width}`}>
            <Logo />
          </div>
        </header>
        <main className={`mx-auto px-4 py-6 sm:py-8 ${width}`}>
          <BackLink href={back.href} label={back.label} />
          {title || actions ? (
            <div className="mb-6 mt-2 flex flex-wrap items-start justify-between gap-3">
              {title ? (
                <h1 className="min-w-0 break-words text-2xl font-extrabold tracking-tight sm:text-3xl">
                  {title}
                </h1>
              ) : null}
              {actions}
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
