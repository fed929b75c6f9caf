import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageKind, UploadedImage } from '#shared/contracts/contest-images.ts';
import { uploadForm } from '#web/lib/upload-form.ts';
import { refreshContests } from './refresh-contests.ts';

export type ImageUpload = { contestId: string; kind: ImageKind; file: File };

/** A new cover or logo replaces the contest's previous one (docs/product.md#contest-images). */
export function uploadContestImage(
  { contestId, kind, file }: ImageUpload,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return uploadForm(`/api/contests/${contestId}/images`, form, onProgress);
}

export function useUploadContestImage(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ImageUpload) => uploadContestImage(upload, onProgress),
    onSuccess: (_image, { contestId }) => refreshContests(queryClient, contestId),
  });
}
