import { and, asc, eq } from 'drizzle-orm';
import type { DbContext } from '#server/context.ts';
import { contestEntries, contestPicks, prizeClaims, type Contest } from '#server/db/schema.ts';
import type { OwnerPlace, OwnerPlaces } from '#shared/contracts/claims.ts';

/**
 * GET /api/contests/{id}/claims (owner): every place with its current winner, their claim, what
 * they gave when claiming, and the prize's way; a place whose winner was lost with no entry left
 * to take it is marked so (docs/product.md#claims).
 */
export async function listOwnerPlaces({ db }: DbContext, contest: Contest): Promise<OwnerPlaces> {
  const rows = await db
    .select({ pick: contestPicks, entry: contestEntries, claim: prizeClaims })
    .from(contestPicks)
    .innerJoin(contestEntries, eq(contestEntries.id, contestPicks.entryId))
    .leftJoin(
      prizeClaims,
      and(eq(prizeClaims.contestId, contestPicks.contestId), eq(prizeClaims.p, contestPicks.p)),
    )
    .where(eq(contestPicks.contestId, contest.id))
    .orderBy(asc(contestPicks.p));
  const places: OwnerPlace[] = [];
  for (let position = 1; position <= contest.winnersCount; position += 1) {
    const atPosition = rows.filter((row) => row.pick.position === position);
    const current = atPosition.find((row) => row.pick.status === 'winner');
    const last = atPosition.at(-1)?.pick;
    // Lost through its claim, and nobody drawn after: no entry was left to take the place.
    const isUnfilled =
      !current && (last?.claimStatus === 'declined' || last?.claimStatus === 'expired');
    places.push({ position, winner: current ? toOwnerWinner(current) : null, isUnfilled });
  }
  return {
    notifyWinners: contest.notifyWinners,
    claimWindowMinutes: contest.claimWindowMinutes,
    prizeDelivery: contest.prizeDelivery,
    places,
  };
}

type PlaceRow = {
  pick: typeof contestPicks.$inferSelect;
  entry: typeof contestEntries.$inferSelect;
  claim: typeof prizeClaims.$inferSelect | null;
};

function toOwnerWinner({ pick, entry, claim }: PlaceRow): OwnerPlace['winner'] {
  return {
    p: pick.p,
    entryId: pick.entryId,
    name: entry.name,
    email: entry.email,
    claim: {
      status: pick.claimStatus,
      deadline: pick.claimDeadline?.toISOString() ?? null,
      claimedAt: claim?.claimedAt?.toISOString() ?? null,
    },
    claimant:
      claim?.fullName != null
        ? {
            fullName: claim.fullName,
            deliveryAddress: claim.deliveryAddress,
            publicityConsent: claim.publicityConsent ?? false,
          }
        : null,
    fulfilment:
      pick.fulfilment && claim?.fulfilmentAt
        ? {
            status: pick.fulfilment,
            note: claim.fulfilmentNote,
            at: claim.fulfilmentAt.toISOString(),
          }
        : null,
  };
}
