import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageKind } from '#shared/contracts/contest-images.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export type ImageRemoval = { contestId: string; kind: ImageKind };

export function deleteContestImage({ contestId, kind }: ImageRemoval) {
  return apiRequest<void>('DELETE', `/api/contests/${contestId}/images/${kind}`);
}

export function useDeleteContestImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContestImage,
    onSuccess: (_answer, { contestId }) => refreshContests(queryClient, contestId),
  });
}
