import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground placeholder:text-zinc-400 transition-colors focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
