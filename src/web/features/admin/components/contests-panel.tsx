import type { ReactNode } from 'react';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import type { AdminContestListItem } from '#shared/contracts/admin.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useAdminContests } from '../api/get-admin-contests.ts';
import { SearchableAdminList } from './admin-list-view.tsx';
import { ContestRow } from './contest-row.tsx';

/** Every owner's contests searched by title, with each screen's actions (none: read-only). */
export function ContestsPanel({
  renderActions,
}: {
  renderActions?: (contest: AdminContestListItem) => ReactNode;
}) {
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  return (
    <SearchableAdminList
      useList={useAdminContests}
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
