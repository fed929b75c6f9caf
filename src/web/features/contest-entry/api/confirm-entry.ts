import { useEffect, useState } from 'react';
import type { EntryConfirmation } from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function confirmEntry(token: string) {
  return apiRequest<EntryConfirmation>(
    'GET',
    `/api/entries/confirm?token=${encodeURIComponent(token)}`,
  );
}

/**
 * One request per link and page load. The first answer confirms the entry and every later one
 * says the link was used, so a second call (React runs effects twice in development) must get
 * the first answer instead of asking again.
 */
const confirmations = new Map<string, Promise<EntryConfirmation>>();

type ConfirmationState =
  | { status: 'pending' }
  | { status: 'success'; confirmation: EntryConfirmation }
  | { status: 'error'; error: unknown };

/**
 * Confirms the entry behind the mailed link's token as the page opens. A link without a token
 * is asked too: the server's refusal is the page's message.
 */
export function useEntryConfirmation(token: string) {
  const [state, setState] = useState<ConfirmationState>({ status: 'pending' });
  useEffect(() => {
    let isCurrent = true;
    let request = confirmations.get(token);
    if (!request) {
      request = confirmEntry(token);
      confirmations.set(token, request);
    }
    request.then(
      (confirmation) => isCurrent && setState({ status: 'success', confirmation }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);
  return state;
}
