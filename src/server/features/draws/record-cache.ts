import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contestNotFound, findContest, isVisibleTo } from '#server/features/contests/service.ts';
import { encodedSize, encodeJson, type EncodedJson } from '#server/lib/encoded-json.ts';
import { listPicks, type PickRow } from './draw-rows.ts';
import { buildDrawRecord, drawRecordVersion } from './record.ts';

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
 * 100,000 entries takes 14 MB as JSON, brotli and gzip together, so four of them fit beside
 * thousands of small ones. A record larger than all of it is built for each request, as before.
 */
const CACHE_BYTES = 64 * 2 ** 20;

type Source = { db: Db; contest: Contest; picks: PickRow[] };

/**
 * GET /draw-record, built once per change of the draw and kept per process
 * (docs/decisions/037-draw-record-cached.md). The contest's row and its picks are read on every
 * request, so the visibility rules and the key are always today's; only the frozen list, its
 * JSON and their compression are kept. Instances sharing the database need not tell each other
 * anything: a change made by one changes the key the others compute.
 */
export function createDrawRecordCache() {
  const records = new LRUCache<string, EncodedJson, Source>({
    maxSize: CACHE_BYTES,
    sizeCalculation: encodedSize,
    // Concurrent requests for one version wait for a single build.
    fetchMethod: async (_version, _stale, { context }) => {
      const record = await buildDrawRecord(context.db, context.contest, context.picks);
      return encodeJson(JSON.stringify(record), recordCompression);
    },
  });

  /** Public once the contest is published; a draft's only to its owner. */
  async function readEncoded(
    { db }: DbContext,
    contestId: string,
    viewer: SessionUser | null,
  ): Promise<EncodedJson> {
    const contest = await findContest({ db }, contestId);
    if (!contest || !isVisibleTo(viewer, contest)) throw contestNotFound();
    const picks = await listPicks(db, contest.id);
    const encoded = await records.fetch(drawRecordVersion(contest, picks), {
      context: { db, contest, picks },
    });
    return encoded!;
  }

  return { readEncoded };
}
