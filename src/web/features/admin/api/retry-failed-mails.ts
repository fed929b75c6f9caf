import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailRetryResponse } from '#shared/contracts/mail-queue.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function retryFailedMails() {
  return apiRequest<MailRetryResponse>('POST', '/api/admin/mail-queue/retry-failed');
}

/** "Retry all failed": every failed mail, listed or not, is queued again. */
export function useRetryFailedMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedMails,
    onSettled: () => refreshAdminData(queryClient),
  });
}
