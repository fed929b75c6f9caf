import { and, eq, sql } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { queryRows } from '#server/db/client.ts';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { isLeftOutOfDraw } from '#server/lib/draw-exclusion.ts';
import { entryFlags, type EntryFlag } from '#shared/contracts/entry-flags.ts';
import {
  isEntryLeftOut,
  type DrawDecision,
  type FlagReview,
} from '#shared/contracts/flag-review.ts';
import { lockUnfrozenContest } from './unfrozen-contest.ts';

/**
 * The owner's review of flagged entries before the first draw (docs/product.md#flagged-entries):
 * how many carry each flag and how many of those are out of the draw, a rule per flag, and a
 * decision per entry over it.
 */

type FlagCounts = { flag: string; count: number; leftOut: number };

export async function getFlagReview({ db }: DbContext, contest: Contest): Promise<FlagReview> {
  const isLeftOut = isLeftOutOfDraw(contest);
  const [totals] = await queryRows<{ flagged: number; leftOut: number }>(
    db,
    sql`select count(*)::int as flagged, count(*) filter (where ${isLeftOut})::int as "leftOut"
      from ${contestEntries}
      where ${contestEntries.contestId} = ${contest.id} and cardinality(${contestEntries.flags}) > 0`,
  );
  const byFlag = await queryRows<FlagCounts>(
    db,
    sql`select flag, count(*)::int as count, count(*) filter (where ${isLeftOut})::int as "leftOut"
      from ${contestEntries}, unnest(${contestEntries.flags}) as flag
      where ${contestEntries.contestId} = ${contest.id}
      group by flag`,
  );
  return {
    flagged: totals?.flagged ?? 0,
    leftOut: totals?.leftOut ?? 0,
    reasons: entryFlags.flatMap((flag) => {
      const counts = byFlag.find((row) => row.flag === flag);
      return counts
        ? [
            {
              flag,
              count: counts.count,
              leftOut: counts.leftOut,
              rule: contest.excludedFlags.includes(flag) ? 'exclude' : 'include',
            },
          ]
        : [];
    }),
    isLocked: contest.frozenAt !== null,
  };
}

/**
 * Every entry with `flag`, in or out of the draw: the contest's rule for the flag changes (for
 * entries still to come too) and the owner's decisions one by one for those entries are undone.
 * Under the contest's row lock, as the freeze, so the draw sees the rule before or after.
 */
export async function setFlagRule(
  ctx: DbContext,
  contest: Contest,
  flag: EntryFlag,
  decision: DrawDecision,
): Promise<FlagReview> {
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await lockUnfrozenContest(tx, contest.id);
    if (!locked) throw contestNotFound();
    const others = locked.excludedFlags.filter((excluded) => excluded !== flag);
    // Kept in the flags' order, so the same rules always read the same.
    const excludedFlags = entryFlags.filter(
      (candidate) => others.includes(candidate) || (decision === 'exclude' && candidate === flag),
    );
    const [changed] = await tx
      .update(contests)
      .set({ excludedFlags })
      .where(eq(contests.id, contest.id))
      .returning();
    await tx
      .update(contestEntries)
      .set({ drawDecision: null })
      .where(
        and(
          eq(contestEntries.contestId, contest.id),
          sql`${flag} = any(${contestEntries.flags})`,
          sql`${contestEntries.drawDecision} is not null`,
        ),
      );
    return changed!;
  });
  return getFlagReview(ctx, updated);
}

/** Whether an entry listed for the owner is out of the draw. */
export function withDrawStanding<
  Entry extends { flags: EntryFlag[]; drawDecision: DrawDecision | null },
>(contest: Pick<Contest, 'excludedFlags'>, entries: Entry[]): (Entry & { leftOut: boolean })[] {
  return entries.map((entry) => ({
    ...entry,
    leftOut: isEntryLeftOut(entry.flags, entry.drawDecision, contest.excludedFlags),
  }));
}
