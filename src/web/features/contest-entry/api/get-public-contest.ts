import { useQuery } from '@tanstack/react-query';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { contestQueryKey, getContest } from '#web/features/contests/api/get-contest.ts';

/**
 * The server embeds the contest in the page it sends for /c/{id}, so the first paint needs no
 * extra round trip on a slow phone network. Read once; later views fetch as usual.
 */
function takeEmbeddedContest(contestId: string): PublicContest | undefined {
  const element = document.getElementById('contest-data');
  if (!element) return undefined;
  element.remove();
  try {
    const contest = JSON.parse(element.textContent ?? '') as PublicContest;
    return contest.id === contestId ? contest : undefined;
  } catch {
    return undefined;
  }
}

export function usePublicContest(contestId: string) {
  return useQuery({
    queryKey: contestQueryKey(contestId),
    queryFn: () => getContest<PublicContest>(contestId),
    initialData: () => takeEmbeddedContest(contestId),
  });
}
