import { Activity, Trophy, UserCheck, Users, Ticket } from 'lucide-react';
import type { AdminStats } from '#shared/contracts/admin.ts';
import { StatCard } from '#web/components/ui/stat-card.tsx';

const cards: { key: keyof AdminStats; label: string; icon: typeof Users }[] = [
  { key: 'totalUsers', label: 'Total Users', icon: Users },
  { key: 'activeUsers', label: 'Active Users', icon: UserCheck },
  { key: 'totalContests', label: 'Total Contests', icon: Trophy },
  { key: 'activeContests', label: 'Active Contests', icon: Activity },
  { key: 'totalEntries', label: 'Total Entries', icon: Ticket },
];

/**
 * The five platform figures; "..." while they load, "Error" when they could not be read.
 * One column on narrow phones: beside its icon, a five-digit figure does not fit half of 390 px.
 */
export function AdminStatCards({
  stats,
  isError = false,
}: {
  stats: AdminStats | undefined;
  isError?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:gap-4 lg:grid-cols-5">
      {cards.map(({ key, label, icon }) => (
        <StatCard
          key={key}
          icon={icon}
          label={label}
          value={
            isError ? (
              <span className="text-destructive" title="Error loading">
                Error
              </span>
            ) : stats ? (
              stats[key].toLocaleString()
            ) : (
              '...'
            )
          }
        />
      ))}
    </div>
  );
}
