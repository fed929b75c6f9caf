import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/contracts/entries.ts';
import type { ImportColumns } from '#shared/contracts/entry-import.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

export type ImportUpload = { file: File; columns: ImportColumns };

/**
 * XMLHttpRequest rather than fetch: it reports upload progress for a large file. The columns
 * the owner chose go first: the server reads the fields sent before the file.
 */
export function importEntries(
  contestId: string,
  { file, columns }: ImportUpload,
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/contests/${contestId}/entries/import`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as ImportResult);
      } else {
        reject(new ApiError(request.status, request.responseText || request.statusText));
      }
    };
    request.onerror = () =>
      reject(new ApiError(0, JSON.stringify({ message: 'Network error: check your connection.' })));
    const form = new FormData();
    form.append('columns', JSON.stringify(columns));
    form.append('csvFile', file);
    request.send(form);
  });
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
