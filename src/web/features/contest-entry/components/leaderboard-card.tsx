import { Medal } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { usePolledLeaderboard } from '../api/get-leaderboard.ts';

/**
 * "Top referrers" on the entry page, when the owner shows it: display names only ("Maria S."),
 * refreshed while the page is in view. Loaded only for such contests, after the page is up.
 */
export function LeaderboardCard({
  contestId,
  className,
}: {
  contestId: string;
  className?: string;
}) {
  const items = usePolledLeaderboard(contestId);
  if (items === null) return null;
  return (
    <section
      aria-labelledby="leaderboard-heading"
      className={cn('rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id="leaderboard-heading" className="flex items-center gap-2 text-lg font-extrabold">
        <Medal aria-hidden className="size-5 shrink-0 text-accent" />
        Top referrers
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No referrals yet: share your link to lead
        </p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {items.map((item, index) => (
            <li
              // Display names repeat ("Maria S." twice); the place does not.
              key={index}
              className="flex items-center gap-3 rounded-xl bg-muted/60 px-3 py-2"
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-extrabold',
                  index === 0 ? 'bg-accent text-white' : 'bg-primary-soft text-primary',
                )}
              >
                <span className="sr-only">Place </span>
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 break-words font-semibold">{item.displayName}</span>
              <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
                {item.referrals.toLocaleString('en-US')}{' '}
                {item.referrals === 1 ? 'referral' : 'referrals'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
