import fastJsonStringify from 'fast-json-stringify';
import { entryStatuses, type EntryReceipt } from '#shared/contracts/entries.ts';
import type { ReferralLink } from '#shared/contracts/referrals.ts';

const text = { type: 'string' } as const;

const referralLinkProperties = {
  code: text,
  url: text,
  statusUrl: text,
} satisfies Record<keyof ReferralLink, unknown>;

const receiptProperties = {
  id: text,
  contestId: text,
  name: text,
  entryDate: text,
  status: { type: 'string', enum: [...entryStatuses] },
  referral: {
    type: 'object',
    properties: referralLinkProperties,
    required: Object.keys(referralLinkProperties),
    additionalProperties: false,
  },
  confirmationResent: { type: 'boolean' },
} satisfies Record<keyof EntryReceipt, unknown>;

/**
 * An entry's receipt as JSON, by a function compiled once from its shape (decision 024): the
 * answer to every accepted entry, so the busiest serialisation of the server. Only the receipt's
 * own fields can leave, whatever else the object holds; a missing one throws (a 500) rather than
 * answering a receipt without it.
 */
export const serializeEntryReceipt: (receipt: EntryReceipt) => string = fastJsonStringify({
  type: 'object',
  properties: receiptProperties,
  // Every field but the referral link, which only a contest with referrals on gives, and the
  // renewed link's mark, which only an entry entered again while pending carries.
  required: Object.keys(receiptProperties).filter(
    (field) => field !== 'referral' && field !== 'confirmationResent',
  ),
  additionalProperties: false,
});
