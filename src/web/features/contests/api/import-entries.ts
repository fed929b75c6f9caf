import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/contracts/entries.ts';
import type { ImportColumns } from '#shared/contracts/entry-import.ts';
import { uploadForm } from '#web/lib/upload-form.ts';
import { refreshContests } from './refresh-contests.ts';

export type ImportUpload = { file: File; columns: ImportColumns };

/** The columns the owner chose go first: the server reads the fields sent before the file. */
export function importEntries(
  contestId: string,
  { file, columns }: ImportUpload,
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('columns', JSON.stringify(columns));
  form.append('csvFile', file);
  return uploadForm(`/api/contests/${contestId}/entries/import`, form, onProgress);
}

export function useImportEntries(contestId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ImportUpload) => importEntries(contestId, upload, onProgress),
    onSuccess: () => {
      refreshContests(queryClient, contestId);
      void queryClient.invalidateQueries({ queryKey: ['/api/contests', contestId, 'entries'] });
    },
  });
}
