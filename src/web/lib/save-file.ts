/**
 * Hands a downloaded answer to the browser as a file to save, under the name the server gave it
 * (`content-disposition`), else `fallback`. The link must be in the document for Firefox, and the
 * object URL outlive the click for a moment.
 */
export async function saveResponseAsFile(response: Response, fallback: string): Promise<void> {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  const name = encoded
    ? decodeURIComponent(encoded)
    : (/filename="([^"]+)"/i.exec(header)?.[1] ?? fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
