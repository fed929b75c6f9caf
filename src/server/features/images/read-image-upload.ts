import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { imageKind, imageMessages, type ImageKind } from '#shared/contracts/contest-images.ts';

/** The multipart plugin's own refusal of a file past its size limit. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

const codeOf = (error: unknown) =>
  error instanceof Error ? (error as { code?: unknown }).code : undefined;

/**
 * The uploaded file's bytes and the `kind` field, in whichever order the form sent them. The
 * part's file name and Content-Type are not read: the bytes say what the file is. Busboy reports
 * a malformed form as a plain Error without a code: the client's mistake, so a 400, not a 500.
 */
export async function readImageUpload(
  request: FastifyRequest,
  { kind: fixedKind }: { kind?: ImageKind } = {},
): Promise<{ kind: ImageKind; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', imageMessages.notMultipart);
  }
  let kindValue: unknown;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      // The plugin allows one file part: a second is its FST_FILES_LIMIT.
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (part.fieldname === 'kind') kindValue = part.value;
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === FILE_TOO_LARGE) throw new AppError('PAYLOAD_TOO_LARGE', imageMessages.tooLarge);
    // The multipart plugin's other limits (FST_*) keep their status.
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('BAD_REQUEST', 'The upload is not a valid multipart form.');
  }
  // An account's logo is a logo whatever the form says.
  const kind = imageKind.safeParse(fixedKind ?? kindValue);
  if (!kind.success) {
    throw new AppError('VALIDATION', imageMessages.badKind, { kind: imageMessages.badKind });
  }
  if (!bytes) throw new AppError('BAD_REQUEST', imageMessages.noFile);
  return { kind: kind.data, bytes };
}
