import { useMutation } from '@tanstack/react-query';
import type { DisqualifyBody, DrawRecord } from '#shared/contracts/draws.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Disqualifies the winner at `position` (the reason is public) and draws the replacement. */
export function disqualifyWinner(contestId: string, position: number, body: DisqualifyBody) {
  return apiRequest<DrawRecord>(
    'POST',
    `/api/contests/${contestId}/draws/${position}/disqualify`,
    body,
  );
}

/** The caller refreshes once the wheel has shown the replacement, so it is not revealed early. */
export function useDisqualifyWinner(contestId: string) {
  return useMutation({
    mutationFn: ({ position, reason }: { position: number; reason: string }) =>
      disqualifyWinner(contestId, position, { reason }),
  });
}
