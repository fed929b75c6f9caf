import { statusAt } from '#shared/contest-time.ts';
import type { ContestStatus, PublicContest } from '#shared/contracts/contests.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const looks: Record<
  ContestStatus,
  { label: string; tone: 'success' | 'neutral' | 'warning' | 'info' }
> = {
  draft: { label: 'Draft', tone: 'info' },
  open: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'warning' },
  ended: { label: 'Ended', tone: 'neutral' },
  drawn: { label: 'Winners drawn', tone: 'neutral' },
};

/** The contest's status (docs/product.md#contest-states) as the owner's screens name it. */
export function StatusBadge({ contest, now }: { contest: PublicContest; now?: number }) {
  const { label, tone } = looks[statusAt(contest, now)];
  return <Badge tone={tone}>{label}</Badge>;
}
