import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const tones = {
  success: 'bg-green-100 text-green-800',
  neutral: 'bg-zinc-200 text-zinc-800',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-primary-soft text-primary',
  danger: 'bg-red-100 text-red-800',
};

export function Badge({
  className,
  tone = 'neutral',
  ...props
}: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
