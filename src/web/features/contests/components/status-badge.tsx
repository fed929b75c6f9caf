import { contestStatus } from '#shared/contest-time.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const looks = {
  active: { label: 'Active', tone: 'success' },
  ended: { label: 'Ended', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'warning' },
  draft: { label: 'Draft', tone: 'info' },
} as const;

export function StatusBadge({ contest, now }: { contest: PublicContest; now?: number }) {
  const { label, tone } = looks[contestStatus(contest, now)];
  return <Badge tone={tone}>{label}</Badge>;
}
