import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const tones = {
  warning: 'border-amber-300 bg-accent-soft text-amber-900',
  success: 'border-green-300 bg-success-soft text-green-900',
  danger: 'border-red-300 bg-destructive-soft text-red-900',
};

/** A coloured notice with its icon: a warning, or the outcome of an action. */
export function Callout({
  icon: Icon,
  tone,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { tone: keyof typeof tones; icon: LucideIcon }) {
  return (
    <div
      className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', tones[tone], className)}
      {...props}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="grid min-w-0 gap-1">{children}</div>
    </div>
  );
}
