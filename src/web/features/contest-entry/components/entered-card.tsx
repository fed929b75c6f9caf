import { Copy, PartyPopper, ShieldCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { formatDateTime } from '#web/lib/format-date.ts';

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

/** The entry id as the entrant's receipt: what finds their entry in the public draw record. */
function Receipt({ entryId, recordHref }: { entryId: string; recordHref: string | null }) {
  return (
    <div className="mt-5 grid gap-3 rounded-xl border border-green-200 bg-white/70 p-4 text-left">
      <div>
        <p className="text-sm font-semibold text-green-900">Your entry id:</p>
        {/* Wraps at its hyphens, never inside a group, on the narrowest phone. */}
        <code className="mt-1 block select-all break-words font-mono text-sm text-green-950">
          {entryId}
        </code>
      </div>
      <p className="text-xs text-green-800">
        Keep it: it is your receipt. With it you can find your entry in the public draw record.
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label="Copy your entry id"
          onClick={() => void copyEntryId(entryId)}
        >
          <Copy aria-hidden />
          Copy
        </Button>
        {recordHref ? (
          <a
            href={recordHref}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ShieldCheck aria-hidden className="size-4" />
            See the draw record
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** The confirmation an entrant sees, and sees again when they come back to the link. */
export function EnteredCard({
  name,
  confirmationMessage,
  endDate,
  winnersCount,
  isDrawn,
  entryId,
  recordHref,
}: {
  name: string;
  confirmationMessage: string | null;
  endDate: string;
  winnersCount: number;
  /** The first draw has taken place: the winners are on the page. */
  isDrawn: boolean;
  /** Null for an entry remembered before receipts existed. */
  entryId: string | null;
  /** The draw record page, once the contest has a commitment. */
  recordHref: string | null;
}) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
    >
      <PartyPopper aria-hidden className="mx-auto size-10 text-success" />
      <h2 className="mt-3 text-2xl font-extrabold text-green-900">You&apos;re In!</h2>
      <p className="mt-2 whitespace-pre-line text-green-900">
        {confirmationMessage || `Thanks ${name}! Your entry has been confirmed.`}
      </p>
      <p className="mt-4 text-sm text-green-800">
        {isDrawn ? (
          'The draw has taken place.'
        ) : (
          <>
            {winnersCount === 1 ? 'Winner' : 'Winners'} will be chosen on{' '}
            <strong>{formatDateTime(endDate, 'long')}</strong>
          </>
        )}
      </p>
      {entryId ? <Receipt entryId={entryId} recordHref={recordHref} /> : null}
    </div>
  );
}
