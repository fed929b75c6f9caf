import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '#shared/contracts/admin.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminQueryKey } from './refresh-admin.ts';

export function getAdminStats() {
  return apiRequest<AdminStats>('GET', '/api/admin/stats');
}

export function useAdminStats() {
  return useQuery({ queryKey: [...adminQueryKey, 'stats'], queryFn: getAdminStats });
}
