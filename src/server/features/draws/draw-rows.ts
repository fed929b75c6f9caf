import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { contestEntries, contestPicks, contests, users, type Contest } from '#server/db/schema.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { isLeftOutOfDraw } from '#server/lib/draw-exclusion.ts';
import { referralsOf, weightOf } from '#server/lib/referral-counts.ts';
import { entryFlags } from '#shared/contracts/entry-flags.ts';
import type { ExcludedByFlag } from '#shared/contracts/flag-review.ts';

/** The rows a draw reads and locks, shared by the freeze, the picks and the record. */

/** The wheel's order, and the draw's: oldest entry first. */
export const wheelOrder = [asc(contestEntries.entryDate), asc(contestEntries.id)];

/** The contest's row, locked until the transaction ends, so draws and resets take turns. */
export async function lockContest(tx: Db, contestId: string) {
  const [locked] = await tx
    .select({ contest: contests, ownerEmail: users.email })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(eq(contests.id, contestId))
    .for('update', { of: contests });
  if (!locked) throw contestNotFound();
  return locked;
}

export type LockedContest = Awaited<ReturnType<typeof lockContest>>;
export type PickRow = typeof contestPicks.$inferSelect;

export function listPicks(db: Db, contestId: string): Promise<PickRow[]> {
  return db
    .select()
    .from(contestPicks)
    .where(eq(contestPicks.contestId, contestId))
    .orderBy(asc(contestPicks.p));
}

export const currentWinners = (picks: PickRow[]) =>
  picks.filter((pick) => pick.status === 'winner');

/** The places (1 to winnersCount) without a current winner, lowest first. */
export function emptyPositions(winnersCount: number, picks: PickRow[]): number[] {
  const filled = new Set(currentWinners(picks).map((pick) => pick.position));
  return Array.from({ length: winnersCount }, (_, index) => index + 1).filter(
    (position) => !filled.has(position),
  );
}

type DrawnContest = Pick<Contest, 'id' | 'excludedFlags' | 'referralBonus' | 'referralCap'>;

/** The entries the draw (and the wheel) draws from. */
export const isDrawnFrom = (contest: DrawnContest) =>
  and(
    eq(contestEntries.contestId, contest.id),
    eq(contestEntries.status, 'confirmed'),
    sql`not ${isLeftOutOfDraw(contest)}`,
  );

/** Whether the contest's draw weighs its entries (protocol v2): it has referrals on. */
export const isWeighted = (contest: Pick<Contest, 'referralBonus'>) => contest.referralBonus > 0;

/**
 * The entries a draw draws from, in the wheel's order: the confirmed ones, less those the owner's
 * review leaves out (docs/product.md#flagged-entries), and how many were left out. With referrals
 * on, each one's weight too: 1 + its bonus entries (docs/product.md#referrals). The ids come as
 * one aggregated text: for 100,000 entries one row costs a quarter of what 100,000 rows cost the
 * driver (docs/decisions/018).
 */
export async function listEntryIds(
  db: Db,
  contest: DrawnContest,
  { withWeights = true }: { withWeights?: boolean } = {},
): Promise<{ entryIds: string[]; leftOut: number; weights: number[] | null }> {
  const isLeftOut = isLeftOutOfDraw(contest);
  const inWheelOrder = sql`order by ${contestEntries.entryDate}, ${contestEntries.id}`;
  const referrals = referralsOf(contest.id);
  const weight = weightOf(referrals.referrals, contest);
  const weighs = withWeights && isWeighted(contest);
  const [row] = await queryRows<{ ids: string | null; weights: string | null; leftOut: number }>(
    db,
    sql`select
        string_agg(${contestEntries.id}::text, ',' ${inWheelOrder}) filter (where not ${isLeftOut}) as ids,
        ${weighs ? sql`string_agg((${weight})::text, ',' ${inWheelOrder}) filter (where not ${isLeftOut})` : sql`null`} as weights,
        count(*) filter (where ${isLeftOut})::int as "leftOut"
      from ${contestEntries} ${weighs ? referrals.join : sql``}
      where ${contestEntries.contestId} = ${contest.id} and ${contestEntries.status} = 'confirmed'`,
  );
  return {
    entryIds: row?.ids ? row.ids.split(',') : [],
    leftOut: row?.leftOut ?? 0,
    weights: weighs ? (row?.weights?.split(',').map(Number) ?? []) : null,
  };
}

/**
 * Of the confirmed entries left out, how many carry each flag, in the flags' order (an entry with
 * two flags counts under both): what the public record tells of them, never who.
 */
export async function countLeftOutByFlag(db: Db, contest: DrawnContest): Promise<ExcludedByFlag[]> {
  const rows = await queryRows<{ reason: string; count: number }>(
    db,
    sql`select flag as reason, count(*)::int as count
      from ${contestEntries}, unnest(${contestEntries.flags}) as flag
      where ${contestEntries.contestId} = ${contest.id} and ${contestEntries.status} = 'confirmed'
        and ${isLeftOutOfDraw(contest)}
      group by flag`,
  );
  return entryFlags.flatMap((reason) => {
    const row = rows.find((candidate) => candidate.reason === reason);
    return row ? [{ reason, count: row.count }] : [];
  });
}

export async function listEntrants(db: Db, entryIds: string[]) {
  const rows = await db
    .select({
      id: contestEntries.id,
      contestId: contestEntries.contestId,
      name: contestEntries.name,
      email: contestEntries.email,
      // Withdrawn after the freeze: a pick that lands on it is passed over (placePicks).
      withdrawnAt: contestEntries.withdrawnAt,
    })
    .from(contestEntries)
    .where(inArray(contestEntries.id, entryIds));
  return new Map(rows.map((row) => [row.id, row]));
}
