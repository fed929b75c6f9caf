import type { EnterContestBody, EntryReceipt } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function enterContest(contestId: string, body: EnterContestBody) {
  return apiRequest<EntryReceipt>(
    'POST',
    `/api/contests/${encodeURIComponent(contestId)}/entries`,
    body,
  );
}
