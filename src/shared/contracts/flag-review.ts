import { z } from 'zod';
import { entryFlags, type EntryFlag } from './entry-flags.ts';

/**
 * The owner's review of flagged entries before the first draw (docs/product.md#flagged-entries):
 * a flag alone never leaves a person out, except an alias (the same mailbox entering twice).
 */
export const drawDecisions = ['include', 'exclude'] as const;
export type DrawDecision = (typeof drawDecisions)[number];

/** Flags whose entries stay out of the draw until the owner decides otherwise. */
export const DEFAULT_EXCLUDED_FLAGS: readonly EntryFlag[] = ['alias'];

/** In the public record: how many entries left out of the frozen list carried this flag. */
export type ExcludedByFlag = { reason: EntryFlag; count: number };

/** PUT /api/contests/{id}/flag-review/{flag}: every entry with that flag in, or out. */
export const flagRuleParams = z.object({
  contestId: z.string().max(100),
  flag: z.enum(entryFlags, { message: 'Unknown flag' }),
});

/** PUT /api/contests/{id}/entries/{entryId}/draw-decision: this one entry in, or out. */
export const drawDecisionBody = z.object({
  decision: z.enum(drawDecisions, { message: 'Choose include or exclude' }),
});
export const flagRuleBody = drawDecisionBody;

export type FlagReviewReason = {
  flag: EntryFlag;
  /** Confirmed or pending entries carrying the flag. */
  count: number;
  /** How many of them are out of the draw now (the rule, or the owner's choice per entry). */
  leftOut: number;
  /** The rule for entries with this flag that the owner has not decided one by one. */
  rule: DrawDecision;
};

/** GET /api/contests/{id}/flag-review */
export type FlagReview = {
  /** Entries with at least one flag. */
  flagged: number;
  /** Of them, those out of the draw now. */
  leftOut: number;
  reasons: FlagReviewReason[];
  /** The first draw fixed the list: nothing can change any more. */
  isLocked: boolean;
};

export const flagReviewMessages = {
  notFlagged: 'Only a flagged entry can be left out of the draw.',
};

/**
 * Whether an entry is out of the draw: only a flagged one can be, by the owner's decision for it,
 * or else by the contest's rule for one of its flags. The server's query says the same in SQL.
 */
export function isEntryLeftOut(
  flags: readonly EntryFlag[],
  decision: DrawDecision | null,
  excludedFlags: readonly EntryFlag[],
): boolean {
  if (flags.length === 0) return false;
  return decision ? decision === 'exclude' : flags.some((flag) => excludedFlags.includes(flag));
}

/** What the owner reads beside a flag in the review: what it means, and why its rule is what it is. */
export const flagRuleDescriptions: Record<EntryFlag, string> = {
  'address-burst': `Many entries from one network within an hour. Often a gym's wifi or a phone carrier, so these are drawn unless you leave them out.`,
  'domain-burst':
    'Many entries at one company mail domain within minutes. Often a team entering together.',
  'fast-submit':
    'Sent seconds after the page opened. People using autofill are this quick, so these are drawn unless you leave them out.',
  'no-form-token':
    'Sent without opening the entry page: an app or a script, or a page left open for a day.',
  alias:
    'The same mailbox as another entry (a +tag or dots in a Gmail address): one person entering twice. Left out unless you let it in.',
};
