import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailRetryResponse } from '#shared/contracts/mail-queue.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function retryMail(mailId: string) {
  return apiRequest<MailRetryResponse>(
    'POST',
    `/api/admin/mail-queue/${encodeURIComponent(mailId)}/retry`,
  );
}

/**
 * Queues one failed mail again. The queue is read again whatever the answer: a refusal (the mail
 * was retried meanwhile, or is gone) means the list on screen is out of date.
 */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => refreshAdminData(queryClient),
  });
}
