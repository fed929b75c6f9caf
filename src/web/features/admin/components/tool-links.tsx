import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#web/lib/cn.ts';

export type ToolLink = { href: string; label: string; icon: LucideIcon; description?: string };

const looks = {
  /** Compact chips in a row, for quick links. */
  chips: {
    list: 'flex flex-wrap gap-2',
    link: 'inline-flex items-center gap-2 rounded-lg px-3 py-2',
  },
  /** Tiles in a grid, for the admin panel's main tools. */
  tiles: {
    list: 'grid grid-cols-2 gap-3 lg:grid-cols-4',
    link: 'flex items-start gap-2 rounded-xl p-3 sm:gap-3 sm:p-4',
  },
  /** Larger cards with a description each, for the emergency tools. */
  cards: {
    list: 'grid grid-cols-1 gap-3 sm:grid-cols-2',
    link: 'flex items-start gap-3 rounded-xl p-4',
  },
};

/** Links to the other admin and recovery screens. */
export function ToolLinks({
  links,
  label,
  look = 'chips',
  className,
}: {
  links: ToolLink[];
  label: string;
  look?: keyof typeof looks;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={looks[look].list}>
        {links.map(({ href, label: text, icon: Icon, description }) => (
          <li key={href}>
            <Link
              href={href}
              className={cn(
                'h-full border border-border bg-card text-sm font-semibold shadow-sm transition-colors hover:border-primary hover:text-primary',
                looks[look].link,
              )}
            >
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="grid gap-1">
                {text}
                {description ? (
                  <span className="text-xs font-normal text-muted-foreground">{description}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
