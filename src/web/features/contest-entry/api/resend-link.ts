import type { ResendLinkBody } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** "Send me my link again": the server answers the same whether or not the address entered. */
export function resendLink(contestId: string, body: ResendLinkBody) {
  return apiRequest<{ message: string }>(
    'POST',
    `/api/contests/${encodeURIComponent(contestId)}/entries/resend-link`,
    body,
  );
}
