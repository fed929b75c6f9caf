import { eq, inArray } from 'drizzle-orm';
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
