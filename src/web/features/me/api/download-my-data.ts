import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { saveResponseAsFile } from '#web/lib/save-file.ts';

/** The mailbox's data, saved as the JSON file the server names. */
export async function downloadMyData(): Promise<void> {
  await saveResponseAsFile(await apiFetch('GET', '/api/me/export'), 'my-entries.json');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
