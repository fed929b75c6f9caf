import { LIVE_DASHBOARD_REFRESH_MS } from '#shared/constants.ts';
import type { ContestStatus } from '#shared/contracts/contests.ts';
import { usePageVisible } from '#web/lib/use-page-visible.ts';

/**
 * How often the dashboard asks for the entries: every 2 s while the contest takes entries and its
 * tab is shown; not at all otherwise (nothing new arrives, or nobody is looking).
 */
export function useLiveRefresh(status: ContestStatus): number | false {
  const isVisible = usePageVisible();
  return status === 'open' && isVisible ? LIVE_DASHBOARD_REFRESH_MS : false;
}
