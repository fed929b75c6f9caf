import { useQuery } from '@tanstack/react-query';
import type { AdminAuditItem } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminQueryKey } from './refresh-admin.ts';

export const LATEST_ACTIONS_SHOWN = 10;

export function getAdminAudit() {
  return apiRequest<AdminAuditItem[]>('GET', `/api/admin/audit?limit=${LATEST_ACTIONS_SHOWN}`);
}

/** The latest admin actions, newest first. */
export function useAdminAudit() {
  return useQuery({ queryKey: [...adminQueryKey, 'audit'], queryFn: getAdminAudit });
}
