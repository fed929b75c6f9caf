import { useQuery } from '@tanstack/react-query';
import type { MailQueueResponse } from '#shared/contracts/mail-queue.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminQueryKey } from './refresh-admin.ts';

/** The last 24 hours of mail by status, the oldest wait, the transport and every failed mail. */
export function getMailQueue() {
  return apiRequest<MailQueueResponse>('GET', '/api/admin/mail-queue');
}

export function useMailQueue() {
  return useQuery({ queryKey: [...adminQueryKey, 'mail-queue'], queryFn: getMailQueue });
}
