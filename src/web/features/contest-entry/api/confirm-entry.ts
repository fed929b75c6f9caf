import type { EntryConfirmation } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Confirms the entry behind a double opt-in link's token. A POST, sent only when the entrant
 * presses the button: opening the link confirms nothing (docs/product.md#trusted-leads).
 */
export function confirmEntry(token: string) {
  return apiRequest<EntryConfirmation>('POST', '/api/entries/confirm', { token });
}
