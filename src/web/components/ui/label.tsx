import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** className replaces the default line height (leading-none) and adds anything else. */
export function Label({ className = 'leading-none', ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-foreground', className)} {...props} />;
}
