import { z } from 'zod';

/**
 * After the draw (docs/product.md#claims): each winner is mailed a claim link and has a window to
 * claim the prize; a winner who declines, or lets the window pass, loses the place to the next
 * pick of the committed sequence. The codes, fields and paths below are a published contract.
 */

/** The claim window, in minutes: from 1 (a live stream) to 30 days; 72 hours by default. */
export const CLAIM_WINDOW_MIN = 1;
export const CLAIM_WINDOW_MAX = 43_200;
export const CLAIM_WINDOW_DEFAULT = 4_320;

/** A reminder goes out when three quarters of a window of at least this many minutes passed. */
export const CLAIM_REMINDER_MIN_WINDOW = 120;

/** The owner may send the notice again this often per place and hour. */
export const CLAIM_RESENDS_PER_HOUR = 3;

export const claimWindowMinutes = z
  .number({ error: 'Claim window must be a whole number of minutes' })
  .int('Claim window must be a whole number of minutes')
  .min(CLAIM_WINDOW_MIN, `Claim window must be at least ${CLAIM_WINDOW_MIN} minute`)
  .max(
    CLAIM_WINDOW_MAX,
    `Claim window must be at most ${CLAIM_WINDOW_MAX.toLocaleString('en-US')} minutes (30 days)`,
  );

/** How the prize reaches its winner: the claim form asks for an address for shipping only. */
export const prizeDeliveries = ['digital', 'shipping', 'pickup'] as const;
export type PrizeDelivery = (typeof prizeDeliveries)[number];
export const prizeDelivery = z.enum(prizeDeliveries, {
  error: 'Prize delivery must be digital, shipping or pickup',
});

/**
 * Where a place's claim stands: waiting for the winner, claimed, declined, expired (the window
 * passed), or not required (the contest does not notify winners, or the pick predates claims).
 */
export const claimStatuses = ['pending', 'claimed', 'declined', 'expired', 'not-required'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** What the owner reports of a claimed prize; public in the record (never the note). */
export const fulfilmentStatuses = ['sent', 'delivered'] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** The public reasons of the automatic disqualifications, in the draw record. */
export const DECLINED_REASON = 'declined the prize';
export const expiredReason = (deadline: Date) => `did not claim by ${deadline.toISOString()}`;

/** The claim page's path; its link carries the token as `?token=`. */
export const CLAIM_PATH = '/claim';
export const CLAIM_TOKEN_FIELD = 'token';

export const claimMessages = {
  unknown: 'This claim link is not valid. Check that you opened the whole link from the e-mail.',
  dead: 'This claim link no longer works: the place is no longer yours to claim.',
  expired: 'The time to claim this prize has passed.',
  claimed: 'You have already claimed this prize.',
  declined: 'You declined this prize.',
  windowLocked: 'The claim window cannot change after the first draw.',
  resendLimit: 'The notice was sent 3 times in the last hour. Try again later.',
  notClaimed: 'Only a claimed prize can be marked sent or delivered.',
  notNotified: 'This place has no notice to send: its claim is not pending.',
} as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\0]*$/, 'Contains a character that is not allowed');

/**
 * POST /api/claims/{token}/accept. The address is asked for when the prize is shipped, and
 * refused otherwise (it would be kept for nothing).
 */
export function acceptClaimBodyFor(delivery: PrizeDelivery) {
  return z
    .object({
      fullName: text('Full name', 1, 100),
      deliveryAddress:
        delivery === 'shipping'
          ? text('Delivery address', 5, 500)
          : z.undefined({ error: 'This prize is not shipped: leave the address out' }).optional(),
      eligible: z.literal(true, { error: 'Confirm that you are eligible to win' }),
      publicityConsent: z.boolean({ error: 'Say whether your name may be announced' }),
    })
    .strict();
}
export type AcceptClaimBody = z.input<ReturnType<typeof acceptClaimBodyFor>>;

/** Any token-shaped text; an unknown one is a 404 (never a 400 that tells shapes apart). */
export const claimTokenParams = z.object({ token: z.string().max(200) });

/** GET /api/claims/{token}: what the winner's link shows. */
export type ClaimView = {
  contestId: string;
  contestTitle: string;
  prizeDetails: string;
  position: number;
  deadline: string | null;
  /** The contest's zone, which the page writes the deadline in. */
  timeZone: string;
  status: ClaimStatus;
  prizeDelivery: PrizeDelivery;
  recordUrl: string;
};

/** POST /api/contests/{id}/draws/{position}/fulfilment (owner). */
export const fulfilmentBody = z.object({
  status: z.enum(fulfilmentStatuses, { error: 'Status must be sent or delivered' }),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(200, 'The note must be at most 200 characters')
    .regex(/^[^\0]*$/, 'Contains a character that is not allowed')
    .optional(),
});
export type FulfilmentBody = z.input<typeof fulfilmentBody>;

/** One place as its owner sees it (GET /api/contests/{id}/claims). */
export type OwnerPlace = {
  position: number;
  /** The pick at the place now, or null when no entry was left to fill it. */
  winner: {
    p: number;
    entryId: string;
    name: string;
    email: string;
    claim: { status: ClaimStatus; deadline: string | null; claimedAt: string | null };
    /** What the winner gave when claiming; null before. */
    claimant: {
      fullName: string;
      deliveryAddress: string | null;
      publicityConsent: boolean;
    } | null;
    fulfilment: { status: FulfilmentStatus; note: string | null; at: string } | null;
  } | null;
  /** The place lost its winner (declined, expired) and no entry was left to take it. */
  isUnfilled: boolean;
};

export type OwnerPlaces = {
  notifyWinners: boolean;
  claimWindowMinutes: number;
  prizeDelivery: PrizeDelivery;
  places: OwnerPlace[];
};
