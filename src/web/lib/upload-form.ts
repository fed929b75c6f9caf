import { ApiError } from './api-client.ts';

/**
 * Posts a multipart form and reports how much of it has gone (0 to 1). XMLHttpRequest rather
 * than fetch: fetch says nothing about an upload's progress, and a photo or a CSV file from a
 * phone takes long enough to need it. A refusal throws an ApiError as apiRequest's do.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as T);
      } else {
        reject(new ApiError(request.status, request.responseText || request.statusText));
      }
    };
    request.onerror = () =>
      reject(new ApiError(0, JSON.stringify({ message: 'Network error: check your connection.' })));
    request.send(form);
  });
}
