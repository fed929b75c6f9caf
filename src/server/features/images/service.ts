import { createHash } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contests, mediaObjects, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contestNotFound, getManagedContest } from '#server/features/contests/service.ts';
import { databaseMediaStore, lockMediaWrites, type MediaObject } from '#server/lib/media-store.ts';
import {
  imageKinds,
  imageMessages,
  toUploadedImage,
  type ImageKind,
  type RenditionFormat,
  type StoredContestImages,
  type StoredImage,
  type UploadedImage,
} from '#shared/contracts/contest-images.ts';
import { createProcessingQueue } from './processing-queue.ts';
import { renderImage, type RenderedFile } from './render-image.ts';

const processing = createProcessingQueue();

const fileTypes: Record<RenditionFormat, { extension: string; contentType: string }> = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  avif: { extension: 'avif', contentType: 'image/avif' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
};

/** A stored file's key: the SHA-256 of its bytes, so its URL changes whenever they do. */
const keyOf = (file: RenderedFile) =>
  `${createHash('sha256').update(file.bytes).digest('hex')}.${fileTypes[file.format].extension}`;

/** The contest's images, its row locked until the transaction ends. */
async function lockContestImages(tx: Db, contestId: string): Promise<StoredContestImages> {
  const [row] = await tx
    .select({ images: contests.images })
    .from(contests)
    .where(eq(contests.id, contestId))
    .for('update');
  // Deleted between the owner's check and this lock.
  if (!row) throw contestNotFound();
  return row.images;
}

/** Whether any contest's image names this file (the GIN index answers each kind). */
async function isFileUsed(tx: Db, key: string): Promise<boolean> {
  const namings = imageKinds.map(
    (kind) =>
      sql`${contests.images} @> ${JSON.stringify({ [kind]: { renditions: [{ key }] } })}::jsonb`,
  );
  const [used] = await tx
    .select({ id: contests.id })
    .from(contests)
    .where(or(...namings))
    .limit(1);
  return used !== undefined;
}

/** Deletes the image's files that no contest uses any more (a copy of the contest may). */
async function releaseFiles(tx: Db, image: StoredImage | undefined): Promise<void> {
  if (!image) return;
  const unused: string[] = [];
  for (const { key } of image.renditions) {
    if (!(await isFileUsed(tx, key))) unused.push(key);
  }
  await databaseMediaStore(tx).delete(unused);
}

/** The contest's images with `kind` set to `image`, or taken away when undefined. */
async function replaceImage(
  { db }: DbContext,
  contestId: string,
  kind: ImageKind,
  image: StoredImage | undefined,
  files: Array<{ key: string; object: MediaObject }> = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    const images = await lockContestImages(tx, contestId);
    const previous = images[kind];
    if (!image && !previous) throw new AppError('NOT_FOUND', imageMessages.noImage);
    const media = databaseMediaStore(tx);
    for (const { key, object } of files) await media.put(key, object);
    const next = { ...images, [kind]: image };
    if (!image) delete next[kind];
    await tx.update(contests).set({ images: next }).where(eq(contests.id, contestId));
    await releaseFiles(tx, previous);
  });
}

/**
 * An owner's upload to their contest: the file's renditions made (one upload at a time in this process), stored,
 * and named by the contest in place of its previous image of that kind.
 */
export async function uploadContestImage(
  ctx: DbContext,
  contest: Pick<Contest, 'id'>,
  upload: { kind: ImageKind; bytes: Buffer },
): Promise<UploadedImage> {
  const rendered = await processing.run(() => renderImage(upload.bytes, upload.kind));
  const files = rendered.files.map((file) => ({
    key: keyOf(file),
    object: { contentType: fileTypes[file.format].contentType, bytes: file.bytes },
    file,
  }));
  const image: StoredImage = {
    width: rendered.width,
    height: rendered.height,
    renditions: files.map(({ key, file: { format, width, height, purpose } }) => ({
      key,
      format,
      width,
      height,
      ...(purpose && { purpose }),
    })),
  };
  await replaceImage(ctx, contest.id, upload.kind, image, files);
  return toUploadedImage(image);
}

/** Takes the contest's image of that kind away; 404 when it has none. */
export async function deleteContestImage(
  ctx: DbContext,
  user: SessionUser,
  contestId: string,
  kind: ImageKind,
): Promise<void> {
  const contest = await getManagedContest(ctx, contestId, user);
  await replaceImage(ctx, contest.id, kind, undefined);
}

/** A stored file by key, for GET /media/{key}. */
export function readMediaFile({ db }: DbContext, key: string): Promise<MediaObject | undefined> {
  return databaseMediaStore(db).get(key);
}

/**
 * Deletes the files no contest names: those of deleted contests (the contest's row goes, its
 * files stay until this runs). Under the same lock as uploads, so none is in the middle of one.
 */
export async function sweepUnusedMedia({ db }: DbContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    await tx.delete(mediaObjects).where(
      sql`${mediaObjects.key} not in (
        select jsonb_path_query(${contests.images}, '$.*.renditions[*].key') #>> '{}'
        from ${contests} where ${contests.images} <> '{}'::jsonb
      )`,
    );
  });
}
