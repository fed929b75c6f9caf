import type { AdminDrawListItem } from '#shared/contracts/admin.ts';
import type { DrawAction } from '#shared/contracts/draws.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { DrawSummary } from '#web/features/draws/components/draw-history.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';

const actorLabel: Record<DrawAction, string> = {
  random: 'Drawn',
  manual: 'Drawn',
  reset: 'Reset',
  disqualify: 'Disqualified',
  'draw-stopped': 'Draw stopped',
};

/**
 * One draw, reset or disqualification: which contest (and whether it is gone), whom it named
 * (and a disqualification's reason), who, when.
 */
export function DrawRow({ draw }: { draw: AdminDrawListItem }) {
  return (
    <li className="grid gap-1 px-4 py-3">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="break-words font-medium">{draw.contestTitle}</span>
        {draw.contestDeleted ? <Badge tone="danger">Deleted</Badge> : null}
      </p>
      <p className="break-all text-sm text-muted-foreground">By {draw.contestOwnerEmail}</p>
      <p className="break-words text-sm">
        <DrawSummary draw={draw} />
      </p>
      <p className="break-all text-xs text-muted-foreground">
        {actorLabel[draw.action]} by {draw.actorEmail ?? 'a deleted account'} ·{' '}
        {formatDateTime(draw.createdAt)}
      </p>
    </li>
  );
}
