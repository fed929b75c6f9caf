import type { ReactNode } from 'react';
import { statusAt } from '#shared/contest-time.ts';
import type { AdminContestListItem } from '#shared/contracts/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { StatusBadge } from '#web/features/contests/components/status-badge.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { fullName } from './user-badges.tsx';

/** One contest of any owner: title, trainer, entries, end, badges, and the screen's actions. */
export function ContestRow({
  contest,
  now,
  actions,
}: {
  contest: AdminContestListItem;
  now: number;
  actions?: ReactNode;
}) {
  const status = statusAt(contest, now);
  const hasEnded = status === 'ended' || status === 'drawn';
  const trainer = fullName(contest.trainer);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-medium">{contest.title}</p>
        <p className="break-words text-sm text-muted-foreground">
          By {trainer ? `${trainer} (${contest.trainer.email})` : contest.trainer.email}
        </p>
        <p className="text-sm text-muted-foreground">
          {contest.entryCount.toLocaleString()} {contest.entryCount === 1 ? 'entry' : 'entries'} ·{' '}
          {hasEnded ? 'Ended' : 'Ends'} {formatDateTime(contest.endDate)}
        </p>
        <span className="flex flex-wrap gap-1.5">
          <StatusBadge contest={contest} now={now} />
          {/* A winner set without a draw (an older record) is said apart; a draw says itself. */}
          {contest.winnerId && status !== 'drawn' ? (
            <Badge tone="warning">Winner Selected</Badge>
          ) : null}
        </span>
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </li>
  );
}
