import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import type { Contest } from '#server/db/schema.ts';
import { countableFriends } from '#server/lib/referral-counts.ts';
import type { ReferralReason } from '#shared/contracts/referrals.ts';

type FriendReason = { id: string; name: string; referrerId: string; reason: ReferralReason };

/**
 * Why each friend who came through a link counts for their referrer or not
 * (docs/product.md#referrals), read with the rules that count them (lib/referral-counts.ts), in
 * the order they apply: credited nobody at entry (the referrer's own network, or one of their
 * earlier friends'), not confirmed (the entry, or the mailbox behind it), flagged, past the
 * friends one mail domain may give, and past the referrer's cap (the first friends by time
 * give the bonus: friend n counts while (n - 1) × bonus is under the cap).
 */
function friendReasons(
  db: Db,
  contest: Pick<Contest, 'id' | 'referralBonus' | 'referralCap'>,
  where: SQL,
) {
  return queryRows<FriendReason>(
    db,
    sql`select friend.id, friend.name, friend.invited_by as "referrerId",
        case
          when friend.referred_by is null then 'same-network'
          when friend.status <> 'confirmed' or friend.email_confirmed_at is null then 'not-confirmed'
          when cardinality(friend.flags) > 0 then 'flagged'
          when not countable.within_domain_limit then 'domain-limit'
          when (counted.nth - 1) * ${contest.referralBonus}::int >= ${contest.referralCap}::int
            then 'over-cap'
          else 'counted'
        end as reason
      from contest_entries friend
      left join ${countableFriends(contest.id)} countable on countable.id = friend.id
      left join (select countable.id, row_number() over (partition by countable.referrer_id
            order by countable.entry_date, countable.id) as nth
          from ${countableFriends(contest.id)} countable
          where countable.within_domain_limit) counted on counted.id = friend.id
      where friend.contest_id = ${contest.id} and friend.invited_by is not null and ${where}
      order by friend.entry_date, friend.id`,
  );
}

/** Each given entry that came through a friend's link, with why it counts for them or not. */
export async function referralReasonsOf(
  db: Db,
  contest: Contest,
  entryIds: string[],
): Promise<Map<string, ReferralReason>> {
  if (entryIds.length === 0) return new Map();
  const rows = await friendReasons(
    db,
    contest,
    sql`friend.id = any(${sql.param(entryIds)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.reason]));
}

/** The friends one entrant's link brought, first come first, each with why it counts or not. */
export function friendsOf(db: Db, contest: Contest, referrerId: string) {
  return friendReasons(db, contest, sql`friend.invited_by = ${referrerId}`);
}
