import { sql, type SQL } from 'drizzle-orm';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { LARGE_MAIL_PROVIDERS } from './mail-providers.ts';

/**
 * How referrals are counted (docs/product.md#referrals), shared by the entries (the owner's list,
 * the leaderboard, the export) and the draw (the weights it freezes). A friend's entry counts for
 * the entrant whose link brought it while it is confirmed, not flagged, and its mailbox proven
 * by the mailed link; and, at a domain that is not a large public provider, only the referrer's
 * first FRIENDS_PER_DOMAIN friends there count. Counted when read, never stored as a number, so a
 * removed, flagged or unproven friend takes the bonus back by itself.
 */

/** Counted friends per referrer at one mail domain (one company's, one invented domain's). */
export const FRIENDS_PER_DOMAIN = 3;

/**
 * Entries of a referrer and their credited friends in one IPv6 /48 beyond which a friend from it
 * credits nobody (a /64 or /56 in common credits nobody at all: one home's line). A /48 is one
 * organisation's, or a carrier's pool of phones: a few friends may honestly share one.
 */
export const FRIENDS_PER_WIDE_NETWORK = 3;

const PUBLIC_PROVIDERS = [...LARGE_MAIL_PROVIDERS];

/**
 * A friend's entry (aliased `friend`) that may count for its referrer. One withdrawn after the
 * freeze no longer does; the draw's weights were fixed before any could be.
 */
const isCountedReferral = sql`friend.referred_by is not null and friend.status = 'confirmed'
  and cardinality(friend.flags) = 0 and friend.email_confirmed_at is not null
  and friend.withdrawn_at is null`;

/**
 * The friends that may count for their referrer in one contest, among those `where` keeps (a
 * subquery: `id`, `referrer_id`, `entry_date`, and `within_domain_limit`, false for a friend past
 * their referrer's first FRIENDS_PER_DOMAIN at a domain that is not a large public provider).
 */
export const countableFriends = (contestId: string, where: SQL = sql`true`) =>
  sql`(select friend.id, friend.referred_by as referrer_id, friend.entry_date,
      split_part(friend.email_key, '@', 2) = any(${sql.param(PUBLIC_PROVIDERS)}::text[])
        or row_number() over (partition by friend.referred_by, split_part(friend.email_key, '@', 2)
          order by friend.entry_date, friend.id) <= ${FRIENDS_PER_DOMAIN} as within_domain_limit
    from contest_entries friend
    where friend.contest_id = ${contestId} and ${isCountedReferral} and ${where})`;

/**
 * Each referrer's counted referrals in one contest, among the friends `where` keeps (a subquery:
 * `referrer_id`, `referrals`).
 */
export const countedReferrals = (contestId: string, where: SQL = sql`true`) =>
  sql`(select friend.referrer_id, count(*)::int as referrals
    from ${countableFriends(contestId, where)} friend
    where friend.within_domain_limit
    group by friend.referrer_id)`;

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
