import { useEffect, useState } from 'react';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function getPublicContest(contestId: string) {
  return apiRequest<PublicContest>('GET', `/api/contests/${encodeURIComponent(contestId)}`);
}

type ContestState =
  | { status: 'pending' }
  | { status: 'success'; contest: PublicContest }
  | { status: 'error'; error: unknown };

/**
 * The contest shown on the entry page. The server embeds it in the page, so a visit from a
 * shared link needs no request at all; otherwise it is fetched once.
 */
export function usePublicContest(contestId: string, initialContest?: PublicContest) {
  const [state, setState] = useState<ContestState>(
    initialContest ? { status: 'success', contest: initialContest } : { status: 'pending' },
  );
  const needsFetch = state.status === 'pending';
  useEffect(() => {
    if (!needsFetch) return;
    let isCurrent = true;
    getPublicContest(contestId).then(
      (contest) => isCurrent && setState({ status: 'success', contest }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [contestId, needsFetch]);
  return state;
}

/**
 * Reads (once) the contest the server embedded beside the rendered page, at /c/{id} or at its
 * short link /c/{slug}.
 */
export function takeEmbeddedContest(address: string): PublicContest | undefined {
  const element = document.getElementById('contest-data');
  if (!element) return undefined;
  element.remove();
  try {
    const contest = JSON.parse(element.textContent ?? '') as PublicContest;
    return contest.id === address || contest.slug === address ? contest : undefined;
  } catch {
    return undefined;
  }
}
