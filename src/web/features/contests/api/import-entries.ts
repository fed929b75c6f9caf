import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/contracts/entries.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { refreshContests } from './refresh-contests.ts';

/** XMLHttpRequest rather than fetch: it reports upload progress for a large file. */
export function importEntries(
  contestId: string,
  file: File,
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
    form.append('csvFile', file);
    request.send(form);
  });
}

export function useImportEntries(contestId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importEntries(contestId, file, onProgress),
    onSuccess: () => {
      refreshContests(queryClient, contestId);
      void queryClient.invalidateQueries({ queryKey: ['/api/contests', contestId, 'entries'] });
    },
  });
}
