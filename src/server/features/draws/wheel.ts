import { count, inArray, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { WHEEL_LABEL_LIMIT, type DrawnPlace, type WheelData } from '#shared/contracts/draws.ts';
import {
  currentWinners,
  isDrawnFrom,
  isWeighted,
  listEntryIds,
  listPicks,
  wheelOrder,
} from './draw-rows.ts';
import { listFrozenWeights } from './freeze.ts';

/** The entries' names, e-mails and slices (places in the wheel's order), in one pass. */
async function listSlices(db: Db, contest: Contest, entryIds: string[]) {
  const slices = db.$with('slices').as(
    db
      .select({
        id: contestEntries.id,
        name: contestEntries.name,
        email: contestEntries.email,
        slice:
          sql<number>`(row_number() over (order by ${contestEntries.entryDate}, ${contestEntries.id}) - 1)::int`.as(
            'slice',
          ),
      })
      .from(contestEntries)
      .where(isDrawnFrom(contest)),
  );
  const rows = await db.with(slices).select().from(slices).where(inArray(slices.id, entryIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The slices' weights when the contest has referrals on: the frozen ones once drawn, else what
 * the entries weigh now (docs/product.md#referrals). Null when every slice weighs the same.
 */
async function listWheelWeights(db: Db, contest: Contest): Promise<number[] | null> {
  if (contest.frozenAt) return listFrozenWeights(db, contest.id);
  return isWeighted(contest) ? (await listEntryIds(db, contest)).weights : null;
}

/**
 * Leaves the disqualified out of a list in the wheel's order: `out` holds their slices in the
 * full order, lowest first.
 */
function withoutSlices<T>(list: T[], out: number[]): T[] {
  if (out.length === 0) return list;
  const gone = new Set(out);
  return list.filter((_, slice) => !gone.has(slice));
}

/** Where a slice of the full order stands once the disqualified before it are gone. */
const sliceAfter = (slice: number, out: number[]) =>
  slice - out.filter((gone) => gone < slice).length;

/**
 * The wheel shows who can still win (docs/product.md#the-draw): the entries drawn from (the frozen
 * list once drawn), less the winners disqualified, in the wheel's order; and every filled place.
 */
export async function getWheel({ db }: DbContext, contest: Contest): Promise<WheelData> {
  const allLabels =
    contest.entryCount <= WHEEL_LABEL_LIMIT
      ? (
          await db
            .select({ name: contestEntries.name })
            .from(contestEntries)
            .where(isDrawnFrom(contest))
            .orderBy(...wheelOrder)
        ).map((row) => row.name)
      : null;
  const picks = await listPicks(db, contest.id);
  const winners = currentWinners(picks);
  const disqualified = picks.filter((pick) => pick.status === 'disqualified');
  // A winner drawn before verifiable draws has no pick, but still a slice.
  const entryIds = [
    ...winners.map((winner) => winner.entryId),
    ...(contest.winnerId ? [contest.winnerId] : []),
    ...disqualified.map((pick) => pick.entryId),
  ];
  const entries = entryIds.length > 0 ? await listSlices(db, contest, entryIds) : new Map();
  const out = disqualified
    .flatMap((pick) => entries.get(pick.entryId)?.slice ?? [])
    .sort((a, b) => a - b);
  const allCount =
    allLabels?.length ?? contest.frozenEntryCount ?? (await countDrawnFrom(db, contest));
  const places: DrawnPlace[] = winners
    .map((winner) => {
      const { name, email, slice } = entries.get(winner.entryId)!;
      const { position, p, entryId, method } = winner;
      return { position, p, entryId, name, email, method, slice: sliceAfter(slice, out) };
    })
    .sort((a, b) => a.position - b.position);
  const earlierSlice = contest.winnerId ? entries.get(contest.winnerId)?.slice : undefined;
  const weights = await listWheelWeights(db, contest);
  return {
    count: allCount - out.length,
    labels: allLabels && withoutSlices(allLabels, out),
    weights: weights && withoutSlices(weights, out),
    winnerIndex: earlierSlice === undefined ? null : sliceAfter(earlierSlice, out),
    places,
  };
}

async function countDrawnFrom(db: Db, contest: Contest): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contestEntries)
    .where(isDrawnFrom(contest));
  return row?.value ?? 0;
}
