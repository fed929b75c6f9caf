import type { DrawRecordPick } from '#shared/contracts/draws.ts';

/**
 * What became of a winner's claim, in the words of the public record (docs/product.md#claims):
 * the record's own reason for such a pick ("did not claim by 2026-11-30T14:05:00.000Z") is the
 * protocol's, for verifiers.
 */

/** How a pick lost its place through its claim, or null when it did not. */
export function lostClaimOf(pick: DrawRecordPick): 'declined' | 'expired' | null {
  if (pick.status !== 'disqualified') return null;
  const status = pick.claim?.status;
  return status === 'declined' || status === 'expired' ? status : null;
}

export const lostClaimLabels = {
  declined: 'Declined',
  expired: 'Not claimed in time',
} as const;

/** "Declined – the next entry drawn took the place", or the label alone when nobody did. */
export function lostClaimSentence(lost: 'declined' | 'expired', hasReplacement: boolean) {
  return hasReplacement
    ? `${lostClaimLabels[lost]} – the next entry drawn took the place`
    : lostClaimLabels[lost];
}

/** A place left empty: its winner lost it through the claim, and no entry was left to take it. */
export function isLeftEmpty(picksAtPlace: DrawRecordPick[]): boolean {
  const last = [...picksAtPlace].sort((a, b) => a.p - b.p).at(-1);
  return last !== undefined && lostClaimOf(last) !== null;
}
