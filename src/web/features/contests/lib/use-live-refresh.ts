import { LIVE_DASHBOARD_REFRESH_MS } from '#shared/constants.ts';
import type { ContestStatus } from '#shared/contracts/contests.ts';

/**
 * How often the dashboard asks for the entries: every 2 s while the contest takes entries, not
 * at all otherwise (nothing new arrives). A hidden tab asks nothing either: the query library
 * pauses an interval while the page is hidden (refetchIntervalInBackground is off).
 */
export function useLiveRefresh(status: ContestStatus): number | false {
  return status === 'open' ? LIVE_DASHBOARD_REFRESH_MS : false;
}
