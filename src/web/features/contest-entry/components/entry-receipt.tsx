import { ChevronDown, Copy, ShieldCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import type { Tone } from './entered-card.tsx';

async function copyEntryId(entryId: string) {
  try {
    await navigator.clipboard.writeText(entryId);
    toast({
      title: 'Entry id copied',
      description: 'Keep it somewhere safe: it is your receipt.',
      variant: 'success',
    });
  } catch {
    toast({
      title: 'Copy Failed',
      description: 'Select the entry id and copy it by hand.',
      variant: 'destructive',
    });
  }
}

/**
 * The entry id as the entrant's receipt: what finds their entry in the public draw record.
 * Folded (a native disclosure, so it opens without the script too): the personal link above it
 * is what the entrant came for.
 */
export function EntryReceipt({
  entryId,
  recordHref,
  tone,
}: {
  entryId: string;
  recordHref: string | null;
  tone: Tone;
}) {
  return (
    <details className={cn('group rounded-xl border bg-white/70 text-left', tone.border)}>
      <summary
        className={cn(
          'flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 py-2 text-sm font-semibold',
          tone.strong,
        )}
      >
        Your receipt
        <ChevronDown
          aria-hidden
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-3 px-4 pb-4">
        <div>
          <p className={cn('text-sm font-semibold', tone.strong)}>Your entry id:</p>
          {/* Wraps at its hyphens, never inside a group, on the narrowest phone. */}
          <code className={cn('mt-1 block select-all break-words font-mono text-sm', tone.strong)}>
            {entryId}
          </code>
        </div>
        <p className={cn('text-xs', tone.soft)}>
          Keep it: it is your receipt. With it you can find your entry in the public draw record.
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label="Copy your entry id"
            // For public/share-link.js on the page the server sends without the app's script.
            data-copy-value={entryId}
            onClick={() => void copyEntryId(entryId)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          {recordHref ? (
            <a
              href={recordHref}
              className="tap-target inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              <ShieldCheck aria-hidden className="size-4" />
              See the draw record
            </a>
          ) : null}
        </div>
      </div>
    </details>
  );
}
