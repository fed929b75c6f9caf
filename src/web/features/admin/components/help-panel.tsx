import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A side panel of advice on the recovery screens. */
export function HelpPanel({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground shadow-sm">
      <h2 className="mb-2 flex items-center gap-2 font-semibold text-foreground">
        <Icon aria-hidden className="size-4 text-primary" />
        {title}
      </h2>
      {children}
    </section>
  );
}
