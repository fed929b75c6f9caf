import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mediaObjects } from '#server/db/schema.ts';

/** A stored file: its bytes and the Content-Type they are served with. */
export type MediaObject = { contentType: string; bytes: Buffer };

/**
 * Where uploaded files live, by key. Only this interface is used elsewhere, so an object store
 * can replace the database (decision 042): a key names the same bytes for ever, so `put` of a
 * key already stored leaves it as it is.
 */
export type MediaStore = {
  put(key: string, object: MediaObject): Promise<void>;
  get(key: string): Promise<MediaObject | undefined>;
  delete(keys: readonly string[]): Promise<void>;
};

/** The files in the database (`media_objects`), through `db` or a transaction. */
export function databaseMediaStore(db: Db): MediaStore {
  return {
    async put(key, { contentType, bytes }) {
      await db
        .insert(mediaObjects)
        .values({ key, contentType, bytes })
        .onConflictDoNothing({ target: mediaObjects.key });
    },
    async get(key) {
      const [row] = await db
        .select({ contentType: mediaObjects.contentType, bytes: mediaObjects.bytes })
        .from(mediaObjects)
        .where(eq(mediaObjects.key, key))
        .limit(1);
      return row;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await db.delete(mediaObjects).where(inArray(mediaObjects.key, [...keys]));
    },
  };
}

/**
 * Writes that name or drop stored files take turns across instances, until the transaction ends:
 * one write's "is this file still used?" must not miss a file another write is about to name (an
 * upload, a contest's copy), nor drop a file another is about to name.
 */
export const lockMediaWrites = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('contest-images', 0))`);
