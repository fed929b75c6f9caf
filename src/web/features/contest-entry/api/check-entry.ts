import { startTransition, useEffect, useState } from 'react';
import type { EntryCheck } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { forgetEntry, rememberConfirmed } from '../lib/entry-memory.ts';

export function checkEntry(contestId: string, entryId: string) {
  return apiRequest<EntryCheck>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/entries/${encodeURIComponent(entryId)}/check`,
  );
}

/**
 * What became of this browser's entry, asked when it may have changed elsewhere: while it waits
 * for its e-mail to be confirmed (the mailed link is often opened in the mail app's own
 * browser), asked on arrival and whenever the tab is shown again; once the contest is drawn,
 * asked once, to tell a winner. Confirmed: the memory says so, and every open tab follows (the
 * storage event). Gone (removed, or its link expired): forgotten, so the form shows again.
 * Returns the place this entry won, if any.
 */
export function useEntryCheck(
  contestId: string,
  entryId: string | null,
  { isPending, isDrawn }: { isPending: boolean; isDrawn: boolean },
): number | null {
  const [wonPlace, setWonPlace] = useState<number | null>(null);
  const shouldAsk = entryId !== null && (isPending || isDrawn);
  useEffect(() => {
    if (!shouldAsk || entryId === null) return;
    let isCurrent = true;
    const ask = () => {
      checkEntry(contestId, entryId).then(
        (check) => {
          if (!isCurrent) return;
          if (check.status === 'confirmed') rememberConfirmed(contestId, entryId);
          if (check.status === 'gone') forgetEntry(contestId, entryId);
          startTransition(() => setWonPlace(check.wonPlace));
        },
        // The page keeps what it shows; the next visit asks again.
        () => {},
      );
    };
    const askWhenShown = () => {
      if (document.visibilityState === 'visible') ask();
    };
    ask();
    document.addEventListener('visibilitychange', askWhenShown);
    return () => {
      isCurrent = false;
      document.removeEventListener('visibilitychange', askWhenShown);
    };
  }, [contestId, entryId, shouldAsk]);
  return wonPlace;
}
