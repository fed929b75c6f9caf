import { eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestLeaves, contestPicks, contests, type Contest } from '#server/db/schema.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { rulesReferenceOf } from '#server/features/rules/service.ts';
import type { RulesReference } from '#shared/contracts/contest-rules.ts';
import { type DrawRecord } from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { DRAW_PROTOCOL_V1, DRAW_PROTOCOL_V2 } from '#shared/draw-protocol.ts';
import { listPicks, type PickRow } from './draw-rows.ts';

/** A leaf is a SHA-256 in hex. */
const LEAF_LENGTH = 64;

/** The frozen list's leaves and (for a weighted draw) weights, as the first draw wrote them. */
async function listLeaves(db: Db, contestId: string) {
  const [row] = await db
    .select({ leaves: contestLeaves.leaves, weights: contestLeaves.weights })
    .from(contestLeaves)
    .where(eq(contestLeaves.contestId, contestId));
  const joined = row?.leaves ?? '';
  return {
    leaves: Array.from({ length: joined.length / LEAF_LENGTH }, (_, index) =>
      joined.slice(index * LEAF_LENGTH, (index + 1) * LEAF_LENGTH),
    ),
    weights: row?.weights ? row.weights.split(',').map(Number) : null,
  };
}

type FrozenList = Awaited<ReturnType<typeof listLeaves>>;

/** The contest's columns the record is made of (with its picks and the frozen list). */
const recordColumns = [
  'id',
  'winnersCount',
  'seedHash',
  'drawSeed',
  'entriesRoot',
  'beacon',
  'committedAt',
  'frozenAt',
  'predatesVerifiableDraws',
  'frozenLeftOut',
  'frozenExcluded',
  // A version's number names its text for good: the number alone versions the record's `rules`.
  'frozenRulesVersion',
] as const;

/** The record of the contest's row, its picks and, once drawn, the list the freeze fixed. */
function assembleDrawRecord(
  contest: Pick<Contest, (typeof recordColumns)[number]>,
  picks: PickRow[],
  frozen: FrozenList | null,
  rules: RulesReference | null,
): DrawRecord {
  // From the first pick on; a freeze still waiting for its beacon round reveals nothing yet.
  const isDrawn = picks.length > 0;
  const leaves = frozen?.leaves ?? null;
  // Weighted (v2) when the freeze fixed weights: the contest had referrals on.
  const weights = frozen?.weights ?? null;
  return {
    version: weights ? DRAW_PROTOCOL_V2 : DRAW_PROTOCOL_V1,
    contestId: contest.id,
    winnersCount: contest.winnersCount,
    seedHash: contest.seedHash,
    // The seed is revealed by the first draw, never before.
    seed: isDrawn ? contest.drawSeed : null,
    entries: leaves && {
      count: leaves.length,
      root: contest.entriesRoot!,
      leaves,
      ...(weights && { weights }),
    },
    beacon: contest.beacon,
    picks: picks.map((pick) => ({
      p: pick.p,
      position: pick.position,
      entryId: pick.entryId,
      index: pick.index,
      attempts: pick.attempts,
      method: pick.method,
      status: pick.status,
      reason: pick.reason,
      drawnAt: pick.drawnAt.toISOString(),
      disqualifiedAt: pick.disqualifiedAt?.toISOString() ?? null,
      displayName: pick.displayName,
      claim: { status: pick.claimStatus, deadline: pick.claimDeadline?.toISOString() ?? null },
      fulfilment: pick.fulfilment,
    })),
    committedAt: contest.committedAt?.toISOString() ?? null,
    frozenAt: contest.frozenAt?.toISOString() ?? null,
    predatesVerifiableDraws: contest.predatesVerifiableDraws,
    // How many confirmed entries the freeze left out for their flags, and their flags (not who).
    entriesLeftOut: leaves ? (contest.frozenLeftOut ?? 0) : null,
    excluded: leaves ? (contest.frozenExcluded ?? []) : [],
    rules,
  };
}

/**
 * The record's version, computed by the database without reading the frozen list: the SHA-256
 * of the record's columns of the contest as stored and of every column of every pick. The
 * record is made of those and of the list, and its root is the SHA-256 of the list's leaves,
 * each of which hashes its entry's weight in a weighted draw: the same root, the same list. So
 * whatever changes the draw (a pick, a disqualification, a freeze or its undo, a beacon, an edit
 * or the publication of the contest), on this instance or another, changes the version
 * (docs/decisions/037-draw-record-cached.md).
 */
const recordVersion = sql<string>`encode(sha256(convert_to(
  row(${sql.join(
    recordColumns.map((column) => contests[column]),
    sql`, `,
  )})::text || coalesce((select string_agg(${contestPicks}::text, ',' order by ${contestPicks.p})
    from ${contestPicks} where ${contestPicks.contestId} = ${contests.id}), ''),
  'UTF8')), 'base64')`;

/**
 * The version of a contest's record and who may read it, in one small statement: what every
 * GET of the record reads. Prepared once per connection (the `db` it is made for).
 */
export function prepareRecordVersion(db: Db) {
  const statement = db
    .select({
      ownerId: contests.ownerId,
      publishedAt: contests.publishedAt,
      version: recordVersion,
    })
    .from(contests)
    .where(eq(contests.id, sql.placeholder('contestId')))
    .prepare('draw_record_version');
  return async (contestId: string) => {
    if (!isUuid(contestId)) return undefined;
    const [row] = await statement.execute({ contestId });
    return row;
  };
}

/**
 * The record and its version, read in one snapshot so that the version names this record and
 * no other. The frozen list is read once drawn: only the first pick makes the record show it.
 */
export function readDrawRecordAt(
  db: Db,
  contestId: string,
): Promise<{ version: string; record: DrawRecord }> {
  return db.transaction(
    async (tx) => {
      const [row] = isUuid(contestId)
        ? await tx
            .select({ contest: contests, version: recordVersion })
            .from(contests)
            .where(eq(contests.id, contestId))
        : [];
      if (!row) throw contestNotFound();
      const picks = await listPicks(tx, contestId);
      const frozen = picks.length > 0 ? await listLeaves(tx, contestId) : null;
      const { frozenRulesVersion } = row.contest;
      const rules = await rulesReferenceOf({ db: tx }, contestId, frozenRulesVersion);
      return {
        version: row.version,
        record: assembleDrawRecord(row.contest, picks, frozen, rules),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** What a draw or a disqualification answers: the record as it now is. */
export async function readDrawRecord({ db }: DbContext, contestId: string): Promise<DrawRecord> {
  return (await readDrawRecordAt(db, contestId)).record;
}
