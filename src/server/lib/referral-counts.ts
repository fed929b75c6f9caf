import { sql, type SQL } from 'drizzle-orm';
import { contestEntries, type Contest } from '#server/db/schema.ts';

/**
 * How referrals are counted (docs/product.md#referrals), shared by the entries (the owner's list,
 * the leaderboard, the export) and the draw (the weights it freezes). A friend's entry counts for
 * the entrant whose link brought it while it is confirmed and not flagged: counted when read,
 * never stored as a number, so a removed, flagged or unconfirmed friend takes the bonus back by
 * itself.
 */

/** A friend's entry (aliased `friend`) that counts for its referrer. */
export const isCountedReferral = sql`friend.referred_by is not null and friend.status = 'confirmed' and cardinality(friend.flags) = 0`;

/** Each referrer's counted referrals in one contest (a subquery: `referrer_id`, `referrals`). */
export const countedReferrals = (contestId: string) =>
  sql`(select friend.referred_by as referrer_id, count(*)::int as referrals
    from contest_entries friend
    where friend.contest_id = ${contestId} and ${isCountedReferral}
    group by friend.referred_by)`;

/**
 * An entry's counted referrals beside a query over one contest's entries: the join to add after
 * `from contest_entries` and the column that reads it (0 without any).
 */
export const referralsOf = (contestId: string) => ({
  join: sql`left join ${countedReferrals(contestId)} counted on counted.referrer_id = ${contestEntries.id}`,
  referrals: sql<number>`coalesce(counted.referrals, 0)`.mapWith(Number),
});

/** An entry's weight in the draw, 1 + its bonus entries (entryWeight, in SQL). */
export const weightOf = (referrals: SQL, contest: Pick<Contest, 'referralBonus' | 'referralCap'>) =>
  sql`1 + least(${referrals} * ${contest.referralBonus}::int, ${contest.referralCap}::int)`;
