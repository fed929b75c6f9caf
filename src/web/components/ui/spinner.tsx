import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/** className replaces the default size (size-6). */
export function Spinner({
  className = 'size-6',
  label = 'Loading',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole screen waiting; `text` says for what, where the screen words it ("Loading admin dashboard..."). */
export function PageSpinner({ text }: { text?: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3">
      <Spinner className="size-8" label={text} />
      {text ? (
        <p aria-hidden className="text-sm text-muted-foreground">
          {text}
        </p>
      ) : null}
    </div>
  );
}
