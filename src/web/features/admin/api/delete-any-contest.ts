import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshAdminData } from './refresh-admin.ts';

export function deleteAnyContest(contestId: string) {
  return apiRequest<{ message: string }>('DELETE', `/api/admin/contests/${contestId}`);
}

export function useDeleteAnyContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnyContest,
    onSuccess: () => refreshAdminData(queryClient),
  });
}
