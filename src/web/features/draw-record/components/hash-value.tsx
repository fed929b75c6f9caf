import { cn } from '#web/lib/cn.ts';

/**
 * A hash or an id as people compare it: monospace, selectable, wrapping anywhere on a phone.
 * className replaces the default background (bg-muted).
 */
export function HashValue({
  value,
  className = 'bg-muted',
}: {
  value: string;
  className?: string;
}) {
  return (
    <code
      className={cn(
        'block select-all break-all rounded-lg px-3 py-2 font-mono text-xs leading-relaxed text-foreground',
        className,
      )}
    >
      {value}
    </code>
  );
}
