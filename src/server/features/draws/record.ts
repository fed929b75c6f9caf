import { eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestLeaves, type Contest } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { contestNotFound, findContest, isVisibleTo } from '#server/features/contests/service.ts';
import { type DrawRecord } from '#shared/contracts/draws.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { DRAW_PROTOCOL_V1, DRAW_PROTOCOL_V2 } from '#shared/draw-protocol.ts';
import { listPicks } from './draw-rows.ts';

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

async function buildDrawRecord(db: Db, contest: Contest): Promise<DrawRecord> {
  const picks = await listPicks(db, contest.id);
  // From the first pick on; a freeze still waiting for its beacon round reveals nothing yet.
  const isDrawn = picks.length > 0;
  const frozen = isDrawn ? await listLeaves(db, contest.id) : null;
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

export async function readDrawRecord({ db }: DbContext, contestId: string): Promise<DrawRecord> {
  const contest = await findContest({ db }, contestId);
  if (!contest) throw contestNotFound();
  return buildDrawRecord(db, contest);
}

/** GET /draw-record: public once the contest is published; a draft's only to its owner. */
export async function getDrawRecord(
  { db }: DbContext,
  contestId: string,
  viewer: SessionUser | null,
): Promise<DrawRecord> {
  const contest = isUuid(contestId) ? await findContest({ db }, contestId) : undefined;
  if (!contest || !isVisibleTo(viewer, contest)) throw contestNotFound();
  return buildDrawRecord(db, contest);
}
