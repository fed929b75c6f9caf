import { startTransition, useCallback, useEffect, useState } from 'react';
import { ENTRY_COUNT_REFETCH_MS } from '#shared/constants.ts';
import type { EntryCount } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function getEntryCount(contestId: string) {
  return apiRequest<EntryCount>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/entries/count`,
  );
}

/**
 * The live count on the entry page: asked on arrival, every 30 s, and at once after an entry.
 * `null` until the first answer (the page shows the count it was rendered with).
 */
export function usePolledEntryCount(contestId: string) {
  const [count, setCount] = useState<number | null>(null);
  const refresh = useCallback(() => {
    getEntryCount(contestId).then(
      // Not urgent: the re-render of the page it causes may yield to the browser.
      (answer) => startTransition(() => setCount(answer.count)),
      // A failed poll keeps the last known count; the next one may succeed.
      () => {},
    );
  }, [contestId]);
  useEffect(() => {
    // Once at once: the page may come from the server's short render cache.
    refresh();
    const timer = setInterval(refresh, ENTRY_COUNT_REFETCH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { count, refresh };
}
