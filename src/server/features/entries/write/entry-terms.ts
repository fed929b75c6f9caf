import { createHash } from 'node:crypto';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';
import { checkEntryTerms, contestTermsOf, type EntryTerms } from '#shared/contracts/entry-terms.ts';
import type { EntryOutcome } from '../core/entry-batch.ts';

/** What the batch's lock reads of the contest's rules and consent box. */
export type LockedTerms = { rules: ContestRules | null; consentText: string };

/**
 * Refuses, by field, the candidates that lack what the contest asks (its rules, minimum age,
 * countries: docs/product.md#rules-schedule-and-consent), checked against the contest as the
 * batch's lock reads it. Returns the positions still to insert.
 */
export function screenTerms(
  terms: (EntryTerms | undefined)[],
  contest: LockedTerms,
  positions: number[],
  outcomes: EntryOutcome[],
): number[] {
  const asked = contestTermsOf(contest);
  if (!asked.hasRules) return positions;
  return positions.filter((position) => {
    const errors = checkEntryTerms(terms[position] ?? {}, asked);
    if (Object.keys(errors).length === 0) return true;
    outcomes[position] = { status: 'terms_refused', errors };
    return false;
  });
}

/**
 * The SHA-256 of the consent sentence an entrant ticked, stored with their entry: which words
 * they agreed to, even after the owner rewords the box. Null when they did not tick it, or the
 * contest has no box.
 */
export function consentHashes(terms: (EntryTerms | undefined)[], consentText: string) {
  if (consentText === '') return terms.map(() => null);
  const hash = createHash('sha256').update(consentText, 'utf8').digest('hex');
  return terms.map((term) => (term?.marketingConsent === true ? hash : null));
}
