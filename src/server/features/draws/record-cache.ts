import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Db } from '#server/db/client.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contestNotFound, isVisibleTo } from '#server/features/contests/service.ts';
import { EncodedJson } from '#server/lib/encoded-json.ts';
import { prepareRecordVersion, readDrawRecordAt } from './record.ts';

/**
 * The record carries a leaf per entry, hex that no compressor shrinks much below half: the fastest
 * brotli level sends 3.5 MB for 100,000 entries in a third of the default level's time, and
 * the default level's output is no smaller.
 */
export const recordCompression = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

/**
 * What one process keeps of the records it served, least recently read out first: a record of
 * 100,000 entries takes 6.4 MB as JSON, 3.3 MB more as brotli and 3.5 MB as gzip once asked
 * for, so four to six of them fit beside thousands of small ones. A record larger than all of it
 * is built for each request, as before.
 */
const CACHE_BYTES = 64 * 2 ** 20;

/**
 * GET /draw-record, built once per version of the record and kept per process
 * (docs/decisions/037-draw-record-cached.md). Every request asks the database for the version
 * and who may read the contest, so the visibility rules and the version are always the
 * database's; only the record's JSON and its compressions are kept. Instances sharing the
 * database need not tell each other anything: a change made by one changes the version all of
 * them read.
 */
export function createDrawRecordCache(db: Db) {
  const readVersion = prepareRecordVersion(db);
  const records = new LRUCache<string, EncodedJson>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (encoded) => encoded.size,
  });
  /** Builds under way: the crowd that opens the record after a draw waits for one build. */
  const building = new Map<string, Promise<EncodedJson>>();

  /**
   * Kept under the version read with it, which is this request's version or, when the draw
   * changed in between, a newer one: served all the same, as the record at the time of the build.
   */
  async function build(contestId: string): Promise<EncodedJson> {
    const { version, record } = await readDrawRecordAt(db, contestId);
    const encoded = new EncodedJson(JSON.stringify(record), recordCompression, () => {
      // Counted again with its new compression, while kept (a value set again as it is would
      // keep its old size).
      if (records.peek(version) !== encoded) return;
      records.delete(version);
      records.set(version, encoded);
    });
    records.set(version, encoded);
    return encoded;
  }

  /**
   * Public once the contest is published; a draft's only to its owner. A build shared with
   * another reader never widens this: a contest only ever becomes more visible (a published one
   * stays published).
   */
  async function readEncoded(contestId: string, viewer: SessionUser | null): Promise<EncodedJson> {
    const found = await readVersion(contestId);
    if (!found || !isVisibleTo(viewer, found)) throw contestNotFound();
    const cached = records.get(found.version);
    if (cached) return cached;
    let pending = building.get(found.version);
    if (!pending) {
      pending = build(contestId).finally(() => building.delete(found.version));
      building.set(found.version, pending);
    }
    return pending;
  }

  return { readEncoded };
}
