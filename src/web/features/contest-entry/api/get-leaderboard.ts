import { useEffect, useState } from 'react';
import type { LeaderboardItem } from '#shared/contracts/referrals.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** The server reads the board at most every 5 s; asking twice as seldom still feels live. */
export const LEADERBOARD_REFRESH_MS = 10_000;

export function getLeaderboard(contestId: string) {
  return apiRequest<LeaderboardItem[]>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/leaderboard`,
  );
}

/**
 * The top referrers on the entry page, asked at once and every 10 s while the page is in view: a
 * tab in the background asks nothing, and asks again as soon as it is back. `null` until the
 * first answer, and when the owner has turned the board off since the page was rendered.
 */
export function usePolledLeaderboard(contestId: string): LeaderboardItem[] | null {
  const [items, setItems] = useState<LeaderboardItem[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => {
      getLeaderboard(contestId).then(
        (answer) => isCurrent && setItems(answer),
        (error: unknown) => {
          // Turned off: the card goes. Any other failure keeps the last board; the next poll
          // may succeed.
          if (isCurrent && error instanceof ApiError && error.code === 'NOT_FOUND') setItems(null);
        },
      );
    };
    const follow = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState !== 'visible') return;
      refresh();
      timer = setInterval(refresh, LEADERBOARD_REFRESH_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', follow);
    };
  }, [contestId]);
  return items;
}
