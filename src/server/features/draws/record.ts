import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestLeaves, type Contest } from '#server/db/schema.ts';
import { contestNotFound, findContest } from '#server/features/contests/service.ts';
import { type DrawRecord } from '#shared/contracts/draws.ts';
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

/** The record of the contest's row, its picks and, once drawn, the list the freeze fixed. */
function assembleDrawRecord(
  contest: Contest,
  picks: PickRow[],
  frozen: FrozenList | null,
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
    })),
    committedAt: contest.committedAt?.toISOString() ?? null,
    frozenAt: contest.frozenAt?.toISOString() ?? null,
    predatesVerifiableDraws: contest.predatesVerifiableDraws,
    // How many confirmed entries the freeze left out for their flags, and their flags (not who).
    entriesLeftOut: leaves ? (contest.frozenLeftOut ?? 0) : null,
    excluded: leaves ? (contest.frozenExcluded ?? []) : [],
  };
}

/** The frozen list is read once drawn: only the first pick makes the record show it. */
export async function buildDrawRecord(
  db: Db,
  contest: Contest,
  picks: PickRow[],
): Promise<DrawRecord> {
  return assembleDrawRecord(
    contest,
    picks,
    picks.length > 0 ? await listLeaves(db, contest.id) : null,
  );
}

const LIST_LEFT_OUT: FrozenList = { leaves: [], weights: null };

/**
 * A key that changes with every change of the record, computed without reading the frozen
 * list: the record itself with the list left out. The list is the one thing in the record not
 * read from the contest's row or its picks, and the root in the record is the SHA-256 of its
 * leaves, each of which hashes its entry's weight in a weighted draw: the same root, the same
 * list. So whatever changes the draw (a pick, a disqualification, a freeze or its undo, a
 * beacon, an edit or the publication of the contest), on this instance or another, changes the
 * key (docs/decisions/037-draw-record-cached.md).
 */
export function drawRecordVersion(contest: Contest, picks: PickRow[]): string {
  const withoutList = assembleDrawRecord(contest, picks, picks.length > 0 ? LIST_LEFT_OUT : null);
  return createHash('sha256').update(JSON.stringify(withoutList)).digest('base64url');
}

export async function readDrawRecord({ db }: DbContext, contestId: string): Promise<DrawRecord> {
  const contest = await findContest({ db }, contestId);
  if (!contest) throw contestNotFound();
  return buildDrawRecord(db, contest, await listPicks(db, contest.id));
}
