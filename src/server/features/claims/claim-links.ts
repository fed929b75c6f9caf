import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { claimLinks, contestPicks, contests, type Contest } from '#server/db/schema.ts';
import { AppError, GoneLinkError } from '#server/errors.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { claimMessages, type ClaimStatus } from '#shared/contracts/claims.ts';

/** A claim link's place: its contest and pick, as stored now. */
export type LinkedPlace = {
  contest: Contest;
  pick: typeof contestPicks.$inferSelect;
  /** The deadline has passed by the database's clock (the deadline's job may not have run). */
  isPastDeadline: boolean;
};

/** A token is 43 base64url characters; anything else cannot be one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The place a claim link leads to, or a 404 for a token nobody was sent. */
export async function findLinkedPlace(db: Db, token: string): Promise<LinkedPlace> {
  const [row] = TOKEN_PATTERN.test(token)
    ? await db
        .select({
          contest: contests,
          pick: contestPicks,
          isPastDeadline: sql<boolean>`coalesce(${contestPicks.claimDeadline} <= clock_timestamp(), false)`,
        })
        .from(claimLinks)
        .innerJoin(
          contestPicks,
          and(eq(contestPicks.contestId, claimLinks.contestId), eq(contestPicks.p, claimLinks.p)),
        )
        .innerJoin(contests, eq(contests.id, claimLinks.contestId))
        .where(eq(claimLinks.tokenHash, hashToken(token)))
    : [];
  if (!row) throw new AppError('NOT_FOUND', claimMessages.unknown);
  return row;
}

/**
 * The status the winner's link shows: the stored one, or expired once the deadline has passed
 * (its job settles it within moments). Null when the place is no longer theirs for another
 * reason: the owner disqualified them or redrew every place.
 */
export function claimStatusOf({ pick, isPastDeadline }: LinkedPlace): ClaimStatus | null {
  if (
    pick.status !== 'winner' &&
    pick.claimStatus !== 'declined' &&
    pick.claimStatus !== 'expired'
  ) {
    return null;
  }
  return pick.claimStatus === 'pending' && isPastDeadline ? 'expired' : pick.claimStatus;
}

/** Refuses a link whose place is gone (410): declined, expired, disqualified or redrawn. */
export function requireLivePlace(place: LinkedPlace): ClaimStatus {
  const status = claimStatusOf(place);
  if (status === 'expired') throw new GoneLinkError(claimMessages.expired);
  if (status === 'declined') throw new GoneLinkError(claimMessages.declined);
  if (status === null) throw new GoneLinkError(claimMessages.dead);
  return status;
}
