import { createHash } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contests, mediaObjects, users, type Contest } from '#server/db/schema.ts';
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

/**
 * Whether any contest's image (the GIN index answers each kind) or any account's logo names this
 * file.
 */
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
  if (used) return true;
  const [logo] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.brand} @> ${JSON.stringify({ logo: { renditions: [{ key }] } })}::jsonb`)
    .limit(1);
  return logo !== undefined;
}

/**
 * Deletes the image's files that nothing uses any more (a copy of the contest, or an account's
 * logo of the same bytes, may).
 */
export async function releaseFiles(tx: Db, image: StoredImage | undefined): Promise<void> {
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
  files: PreparedImage['files'] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    const images = await lockContestImages(tx, contestId);
    const previous = images[kind];
    if (!image && !previous) throw new AppError('NOT_FOUND', imageMessages.noImage);
    await storeFiles(tx, files);
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
  const { image, files } = await prepareImage(upload.bytes, upload.kind);
  await replaceImage(ctx, contest.id, upload.kind, image, files);
  return toUploadedImage(image);
}

/** An image's files, ready to store (`storeFiles`), and the image that names them. */
export type PreparedImage = {
  image: StoredImage;
  files: Array<{ key: string; object: MediaObject }>;
};

/** An upload's renditions made (one upload at a time in this process) and named by their bytes. */
export async function prepareImage(bytes: Buffer, kind: ImageKind): Promise<PreparedImage> {
  const rendered = await processing.run(() => renderImage(bytes, kind));
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
  return { image, files: files.map(({ key, object }) => ({ key, object })) };
}

/** Stores prepared files (under `lockMediaWrites`, in the transaction that names them). */
export async function storeFiles(tx: Db, files: PreparedImage['files']): Promise<void> {
  const media = databaseMediaStore(tx);
  for (const { key, object } of files) await media.put(key, object);
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
 * Deletes the files no contest or account names: those of deleted contests (the contest's row goes, its
 * files stay until this runs). Under the same lock as uploads, so none is in the middle of one.
 */
export async function sweepUnusedMedia({ db }: DbContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaWrites(tx);
    await tx.delete(mediaObjects).where(
      sql`${mediaObjects.key} not in (
        select jsonb_path_query(${contests.images}, '$.*.renditions[*].key') #>> '{}'
        from ${contests} where ${contests.images} <> '{}'::jsonb
        union all
        select jsonb_path_query(${users.brand}, '$.logo.renditions[*].key') #>> '{}'
        from ${users} where ${users.brand} ? 'logo'
      )`,
    );
  });
}
