import { Plus, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useRedirectOnUnauthorized } from '#web/lib/unauthorized.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useContests } from '../api/get-contests.ts';
import { useEntryCounts } from '../api/get-entry-counts.ts';
import { ContestCard } from './contest-card.tsx';

/** The owner's contests: an empty state that invites the first one, or a grid of cards. */
export function ContestList() {
  const contestsQuery = useContests();
  const contests = contestsQuery.data ?? [];
  const countsQuery = useEntryCounts(contests.length > 0);
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  useRedirectOnUnauthorized(contestsQuery.error);

  if (contestsQuery.isPending) return <PageSpinner />;
  if (contestsQuery.isError) {
    return (
      <p role="alert" className="rounded-xl bg-destructive-soft p-4 text-sm text-red-900">
        Your contests could not be loaded. Please reload the page.
      </p>
    );
  }
  if (contests.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-input bg-card px-6 py-12 text-center">
        <Trophy aria-hidden className="mx-auto size-12 text-accent" />
        <h2 className="mt-4 text-xl font-bold">Create Your First Contest</h2>
        <p className="mx-auto mt-2 max-w-sm text-sm text-muted-foreground">
          Set a prize and an end date, share one link, and watch the entries come in.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link href="/contest-builder">
            <Plus aria-hidden />
            Create Contest
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {contests.map((contest) => (
        <ContestCard
          key={contest.id}
          contest={contest}
          entryCount={countsQuery.data?.[contest.id] ?? contest.entryCount}
          now={now}
        />
      ))}
    </ul>
  );
}
