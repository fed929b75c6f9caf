import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { cn } from '#web/lib/cn.ts';

export function TextLink({
  className,
  ...props
}: ComponentProps<typeof Link> & { className?: string }) {
  return (
    <Link
      className={cn('font-semibold text-primary underline-offset-4 hover:underline', className)}
      {...props}
    />
  );
}
