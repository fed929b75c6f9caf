import { statusAt } from '#shared/contest-time.ts';
import type { ContestStatus, PublicContest } from '#shared/contracts/contests.ts';
import { Badge } from '#web/components/ui/badge.tsx';

export const statusLooks: Record<
  ContestStatus,
  { label: string; tone: 'success' | 'neutral' | 'warning' | 'info' }
> = {
  draft: { label: 'Draft', tone: 'info' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  open: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'warning' },
  ended: { label: 'Ended', tone: 'neutral' },
  drawn: { label: 'Winners drawn', tone: 'neutral' },
};

/**
 * The contest's status (docs/product.md#contest-states) as the owner's and the admin's screens
 * name it.
 */
export function StatusBadge({
  contest,
  now,
}: {
  contest: Pick<PublicContest, 'status'> & {
    endDate: string | Date;
    startDate?: string | Date | null;
  };
  now?: number;
}) {
  const { label, tone } = statusLooks[statusAt(contest, now)];
  return <Badge tone={tone}>{label}</Badge>;
}
