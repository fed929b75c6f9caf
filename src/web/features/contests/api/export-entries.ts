import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { saveResponseAsFile } from '#web/lib/save-file.ts';

/** The server names the file ({title}-entries.csv); the browser saves it under that name. */
export async function exportEntries(contestId: string): Promise<void> {
  const response = await apiFetch('GET', `/api/contests/${contestId}/entries/export`);
  await saveResponseAsFile(response, 'entries.csv');
}

export function useExportEntries(contestId: string) {
  return useMutation({ mutationFn: () => exportEntries(contestId) });
}
