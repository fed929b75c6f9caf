import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** Whether the server reaches its database: /healthz answers 200, or 503 when it cannot. */
export async function getDatabaseHealth(): Promise<'ok' | 'unavailable'> {
  try {
    await apiRequest<{ status: string }>('GET', '/healthz');
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') return 'unavailable';
    throw error;
  }
}

export function useDatabaseHealth() {
  return useQuery({ queryKey: ['/healthz'], queryFn: getDatabaseHealth });
}
