import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { brandOfContest, contestNotFound } from '#server/features/contests/service.ts';
import { createRecentReads } from '#server/lib/recent-reads.ts';
import { countedReferrals } from '#server/lib/referral-counts.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import {
  entryWeight,
  LEADERBOARD_SIZE,
  referralMessages,
  type EntryStanding,
  type LeaderboardItem,
  type TopReferrer,
} from '#shared/contracts/referrals.ts';
import { toDisplayName } from '#shared/draw-protocol.ts';
import { isStatusToken, referralLinkFor, type EntrantLinkConfig } from '../core/entrant-keys.ts';
import { friendsOf, referralReasonsOf } from './referral-reasons.ts';

/**
 * Referrals (docs/product.md#referrals). A friend's entry counts for the entrant whose link
 * brought it while it is confirmed and not flagged: counted when read, never stored as a number,
 * so a removed, flagged or unconfirmed friend takes the bonus back by itself, and the freeze
 * fixes the weights the draw uses.
 */

/** The counted referrals of the given entries of one contest (absent: none). */
export async function countReferrals(
  db: Db,
  contestId: string,
  entryIds: string[],
): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await queryRows<{ referrerId: string; referrals: number }>(
    db,
    sql`select counted.referrer_id as "referrerId", counted.referrals
      from ${countedReferrals(contestId, sql`friend.referred_by = any(${sql.param(entryIds)}::uuid[])`)} counted`,
  );
  return new Map(rows.map((row) => [row.referrerId, row.referrals]));
}

type RankedReferrer = { id: string; name: string; email: string; referrals: number };

/** The contest's referrers with the most counted referrals, first come first on a tie. */
function listReferrers(db: Db, contestId: string, where: SQL, limit: number) {
  return queryRows<RankedReferrer>(
    db,
    sql`select referrer.id, referrer.name, referrer.email, counted.referrals
      from ${countedReferrals(contestId)} counted
      join contest_entries referrer on referrer.id = counted.referrer_id
      where ${where}
      order by counted.referrals desc, referrer.entry_date, referrer.id
      limit ${limit}`,
  );
}

/** The owner's top referrers, with the weight their referrals give them. */
export async function listTopReferrers(db: Db, contest: Contest): Promise<TopReferrer[]> {
  const rows = await listReferrers(db, contest.id, sql`true`, LEADERBOARD_SIZE);
  return rows.map((row) => ({
    ...row,
    weight: entryWeight(row.referrals, contest.referralBonus, contest.referralCap),
  }));
}

/** What the leaderboard calls a referrer whose name held nothing publishable (an e-mail). */
const NAMELESS_REFERRER = 'Anonymous';
/** What the status page calls a friend whose name held nothing publishable. */
const NAMELESS_FRIEND = 'A friend';

/**
 * A referrer (aliased `referrer`) the public ranks: their own entry is in the draw, and not
 * withdrawn since.
 */
const isRanked = sql`referrer.status = 'confirmed' and cardinality(referrer.flags) = 0
  and referrer.withdrawn_at is null`;

/** The public leaderboard changes with every entry: read at most every 5 s per contest. */
const readLeaderboard = createRecentReads<LeaderboardItem[]>({ maxAgeMs: 5000, maxKeys: 1000 });

/**
 * The public leaderboard: the top referrers whose own entries are in the draw (confirmed, not
 * flagged), by display name only. 404 when the owner has not turned it on.
 */
export async function getLeaderboard(db: Db, contestId: string): Promise<LeaderboardItem[]> {
  if (!isUuid(contestId)) throw contestNotFound();
  const [contest] = await db
    .select({ showLeaderboard: contests.showLeaderboard, publishedAt: contests.publishedAt })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!contest?.publishedAt) throw contestNotFound();
  if (!contest.showLeaderboard) throw new AppError('NOT_FOUND', referralMessages.leaderboardOff);
  return readLeaderboard(contestId, async () => {
    const rows = await listReferrers(db, contestId, isRanked, LEADERBOARD_SIZE);
    return rows.map((row) => ({
      displayName: toDisplayName(row.name, NAMELESS_REFERRER),
      referrals: row.referrals,
    }));
  });
}

/**
 * One entrant's standing, for the holder of their status link: their entries (1 + bonus),
 * counted referrals and rank among the contest's referrers. Nobody else's data is in it.
 */
export async function getEntryStanding(
  db: Db,
  config: EntrantLinkConfig,
  contestId: string,
  entryId: string,
  token: string,
): Promise<EntryStanding> {
  const invalid = () => new AppError('NOT_FOUND', referralMessages.statusInvalid);
  if (!isUuid(contestId) || !isUuid(entryId)) throw invalid();
  if (!isStatusToken(config.sessionSecret, entryId, token)) throw invalid();
  const [row] = await db
    .select({ entry: contestEntries, contest: contests })
    .from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contestId)));
  const referralCode = row?.entry.referralCode;
  if (!row || !referralCode) throw invalid();
  const { entry, contest } = row;
  const [standing] = await queryRows<{ referrals: number; ahead: number }>(
    db,
    sql`with counted as ${countedReferrals(contestId)}
      select coalesce((select referrals from counted where referrer_id = ${entryId}), 0) as referrals,
        -- Ahead as on the leaderboard: referrers whose own entry is in the draw.
        (select count(*)::int from counted
          join contest_entries referrer on referrer.id = counted.referrer_id
          where ${isRanked}
            and counted.referrals > coalesce((select referrals from counted where referrer_id = ${entryId}), 0)) as ahead`,
  );
  const referrals = standing?.referrals ?? 0;
  const friends = await friendsOf(db, contest, entry.id);
  return {
    contestId,
    contestTitle: contest.title,
    brand: brandOfContest(contest),
    endDate: contest.endDate.toISOString(),
    name: entry.name,
    status: entry.status,
    referralBonus: contest.referralBonus,
    referralCap: contest.referralCap,
    referrals,
    entries: entryWeight(referrals, contest.referralBonus, contest.referralCap),
    rank: referrals > 0 ? (standing?.ahead ?? 0) + 1 : null,
    referral: referralLinkFor(config, contestId, { id: entry.id, referralCode }),
    // By display name, as the public leaderboard names people: never an address or a network.
    friends: friends.map((friend) => ({
      displayName: toDisplayName(friend.name, NAMELESS_FRIEND),
      reason: friend.reason,
    })),
  };
}

type ListedEntry = { id: string; referredBy: string | null };

/** A page's entries with their counted referrals and weights (docs/product.md#referrals). */
export async function withReferrals<Entry extends ListedEntry>(
  db: Db,
  contest: Contest,
  entries: Entry[],
) {
  const entryIds = entries.map((entry) => entry.id);
  // One after the other: the caller's transaction, if any, is one connection.
  const referrals = await countReferrals(db, contest.id, entryIds);
  const reasons = await referralReasonsOf(db, contest, entryIds);
  return entries.map(({ referredBy, ...entry }) => {
    const counted = referrals.get(entry.id) ?? 0;
    return {
      ...entry,
      referrals: counted,
      weight: entryWeight(counted, contest.referralBonus, contest.referralCap),
      referred: referredBy !== null,
      referralReason: reasons.get(entry.id) ?? null,
    };
  });
}
