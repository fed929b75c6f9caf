import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#shared/contracts/auth.ts';
import type { MeLinkBody } from '#shared/contracts/me.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The same answer whether or not the address has entries. */
export function requestMyLink(body: MeLinkBody) {
  return apiRequest<MessageResponse>('POST', '/api/me/link', body);
}

export function useRequestMyLink() {
  return useMutation({ mutationFn: requestMyLink });
}
