import { IMAGE_MAX_BYTES, imageMessages } from '#shared/contracts/contest-images.ts';

/** What the picker offers: on a phone, the camera roll and the camera. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * What the browser can tell before uploading, in the server's words: the type the file claims
 * and its size. The server still reads the bytes (a renamed text file passes here and is
 * refused there, with its own message).
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return imageMessages.notAnImage;
  if (file.size > IMAGE_MAX_BYTES) return imageMessages.tooLarge;
  return null;
}
