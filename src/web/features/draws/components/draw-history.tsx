import type { DrawHistoryItem } from '#shared/contracts/draws.ts';
import { formatDateTime } from '#web/lib/format-date.ts';

const actionLabel = {
  random: 'Random draw',
  manual: 'Picked by hand',
  reset: 'Reset',
  disqualify: 'Disqualified',
  'draw-stopped': 'Draw stopped, entries reopened',
} as const;

/**
 * "Random draw: Ada (3 entries)", or "Disqualified: Ada (3 entries), reason: …", as the owner's
 * history and the admin's draw list show it.
 */
export function DrawSummary({
  draw,
}: {
  draw: Pick<DrawHistoryItem, 'action' | 'entrantName' | 'entryCount'> & {
    reason?: string | null;
  };
}) {
  return (
    <>
      <strong>{actionLabel[draw.action]}</strong>
      {draw.entrantName ? `: ${draw.entrantName}` : ''}{' '}
      <span className="text-muted-foreground">
        ({draw.entryCount.toLocaleString()} {draw.entryCount === 1 ? 'entry' : 'entries'})
      </span>
      {draw.reason ? (
        <span className="block break-words text-muted-foreground">Reason: “{draw.reason}”</span>
      ) : null}
    </>
  );
}

/** The record of every draw and reset, so the owner can show how each winner was chosen. */
export function DrawHistory({ draws }: { draws: DrawHistoryItem[] }) {
  if (draws.length === 0) return null;
  return (
    <details className="mt-5 rounded-xl border border-border p-3 text-sm">
      <summary className="cursor-pointer font-semibold">Draw history ({draws.length})</summary>
      <ol className="mt-2 grid gap-2">
        {draws.map((draw) => (
          <li
            key={draw.id}
            className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-border pt-2 first:border-t-0"
          >
            <span>
              <DrawSummary draw={draw} />
            </span>
            <span className="text-xs text-muted-foreground">
              {draw.actor ? `${draw.actor}, ` : ''}
              {formatDateTime(draw.createdAt)}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
