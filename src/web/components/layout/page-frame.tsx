import type { ReactNode } from 'react';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { Logo } from '#web/components/layout/logo.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { cn } from '#web/lib/cn.ts';

/** The frame of the screens below the home page: brand bar, back link, title. */
export function PageFrame({
  title,
  description,
  back = { href: '/', label: 'Back' },
  actions,
  headerActions,
  children,
  width = 'max-w-3xl',
}: {
  title?: ReactNode;
  description?: ReactNode;
  /** null: a screen reached only by its address has nowhere to go back to. */
  back?: { href: string; label: string } | null;
  /** Beside the title, e.g. a status badge. */
  actions?: ReactNode;
  /** At the right of the brand bar, e.g. Logout. */
  headerActions?: ReactNode;
  children: ReactNode;
  width?: string;
}) {
  return (
    <TooltipProvider>
      <div className="min-h-dvh">
        <header className="border-b border-border bg-card">
          <div className={cn('mx-auto flex h-14 items-center justify-between gap-3 px-4', width)}>
            <Logo />
            {headerActions ? <div className="flex items-center gap-2">{headerActions}</div> : null}
          </div>
        </header>
        <main className={cn('mx-auto px-4 py-6 sm:py-8', width)}>
          {back ? <BackLink href={back.href} label={back.label} /> : null}
          {title || actions ? (
            <div className="mb-6 mt-2 flex flex-wrap items-start justify-between gap-3">
              <div className="grid min-w-0 gap-1">
                {title ? (
                  <h1 className="min-w-0 break-words text-2xl font-extrabold tracking-tight sm:text-3xl">
                    {title}
                  </h1>
                ) : null}
                {description ? <p className="text-muted-foreground">{description}</p> : null}
              </div>
              {actions}
            </div>
          ) : null}
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
