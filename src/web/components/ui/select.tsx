import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * The browser's own select with the inputs' look: on a phone it opens the system's picker, and
 * its type-ahead finds an option by its first letters.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
