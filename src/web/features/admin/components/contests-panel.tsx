import { useState, type ReactNode } from 'react';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import type { AdminContestListItem } from '#shared/contracts/admin.ts';
import { contestStatuses } from '#shared/contracts/contests.ts';
import { statusLooks } from '#web/features/contests/components/status-badge.tsx';
import { useNow } from '#web/lib/use-now.ts';
import { useAdminContests } from '../api/get-admin-contests.ts';
import { SearchableAdminList } from './admin-list-view.tsx';
import { ContestRow } from './contest-row.tsx';

/**
 * Every owner's contests searched by title and filtered by status (the badge's words), with each
 * screen's actions (none: read-only).
 */
export function ContestsPanel({
  renderActions,
}: {
  renderActions?: (contest: AdminContestListItem) => ReactNode;
}) {
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  const [status, setStatus] = useState('');
  return (
    <SearchableAdminList
      useList={useAdminContests}
      filter={status}
      filterControl={
        <select
          aria-label="Show contests"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className="h-11 rounded-lg border border-input bg-card px-3 text-base text-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
        >
          <option value="">All contests</option>
          {contestStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLooks[value].label}
            </option>
          ))}
        </select>
      }
      noun={['contest', 'contests']}
      searchLabel="Search contests by title"
      emptyText="No contests found matching your search."
      renderItem={(contest) => (
        <ContestRow
          key={contest.id}
          contest={contest}
          now={now}
          actions={renderActions?.(contest)}
        />
      )}
    />
  );
}
