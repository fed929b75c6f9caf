import type { OwnerPlace } from '#shared/contracts/claims.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type ClaimChipKind = 'waiting' | 'claimed' | 'declined' | 'expired' | 'sent' | 'delivered';

export type ClaimChip = { kind: ClaimChipKind; label: string };

/** "2d 3h left", "5h 20m left", "12m left", "less than a minute left", or "time is up". */
export function claimTimeLeft(deadline: string, now: number): string {
  const left = new Date(deadline).getTime() - now;
  if (left <= 0) return 'time is up';
  if (left < MINUTE) return 'less than a minute left';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
  if (left >= HOUR)
    return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m left`;
  return `${Math.floor(left / MINUTE)}m left`;
}

/**
 * Where a winner's prize stands, as the owner's chip says it: what the owner reported of the
 * prize (sent, delivered) over the claim; nothing for a place that needs no claim and has no
 * report yet.
 */
export function claimChip(
  winner: NonNullable<OwnerPlace['winner']>,
  now: number,
): ClaimChip | null {
  if (winner.fulfilment?.status === 'delivered') return { kind: 'delivered', label: 'Delivered' };
  if (winner.fulfilment?.status === 'sent') return { kind: 'sent', label: 'Sent' };
  switch (winner.claim.status) {
    case 'pending':
      return {
        kind: 'waiting',
        label: winner.claim.deadline
          ? `Waiting · ${claimTimeLeft(winner.claim.deadline, now)}`
          : 'Waiting',
      };
    case 'claimed':
      return { kind: 'claimed', label: 'Claimed' };
    case 'declined':
      return { kind: 'declined', label: 'Declined' };
    case 'expired':
      return { kind: 'expired', label: 'Expired' };
    case 'not-required':
      return null;
  }
}

/** The owner's next step on the prize: send the notice again, or report it sent or delivered. */
export function placeActions(winner: NonNullable<OwnerPlace['winner']>) {
  const { status } = winner.claim;
  const canReport = status === 'claimed' || status === 'not-required';
  return {
    resend: status === 'pending',
    markSent: canReport && !winner.fulfilment,
    markDelivered: canReport && winner.fulfilment?.status !== 'delivered',
  };
}
