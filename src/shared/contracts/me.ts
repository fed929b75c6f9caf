import { z } from 'zod';
import { emailOnlyBody } from './auth.ts';

/**
 * An entrant's own page, `/me` (docs/product.md#your-entries-me): a mailed link opens it for the
 * mailbox it was sent to, which sees, downloads and erases its entries in every contest. The
 * paths, fields and words below are a published contract.
 */

export const ME_PATH = '/me';
/** The page's link carries the token as `?token=`. */
export const ME_TOKEN_FIELD = 'token';

/** A link works once, for 15 minutes; the page it opens stays open for an hour. */
export const ENTRANT_LINK_TTL_MS = 15 * 60 * 1000;
export const ENTRANT_SESSION_TTL_MS = 60 * 60 * 1000;

/** What an entry withdrawn after the freeze is called, in the record and the owner's history. */
export const WITHDRAWN_ENTRANT_NAME = 'Withdrawn entrant';
/** The public reason of a pick disqualified because its entry was withdrawn. */
export const ENTRY_WITHDRAWN_REASON = 'entry withdrawn';

/** The address every entrant's mail links to. */
export const entrantPageUrl = (appUrl: string) => `${appUrl}${ME_PATH}`;

export const meMessages = {
  linkSent:
    'Check your inbox: if this address has entries, a link is on its way. It works for 15 minutes.',
  deadLink: 'This link has expired or was already used. Ask for a new one.',
  signedOut: 'Your link has expired. Ask for a new one to see your entries.',
  entryNotFound: 'Entry not found',
  tooManyLinks: (wait: string) =>
    `Too many links were asked for this address. Please try again in ${wait}.`,
} as const;

/** POST /api/me/link: the address to send a link to. */
export const meLinkBody = emailOnlyBody;
export type MeLinkBody = z.infer<typeof meLinkBody>;

/** POST /api/me/session: the link's token, sent by the page's button (never by opening it). */
export const meSessionBody = z.object({
  token: z
    .string({ error: meMessages.deadLink })
    .trim()
    .min(1, meMessages.deadLink)
    .max(200, meMessages.deadLink),
});
export type MeSessionBody = z.infer<typeof meSessionBody>;

/** Any id-shaped text: an entry that is not the mailbox's is a 404, whatever its shape. */
export const meEntryParams = z.object({ entryId: z.string().max(100) });

export const myEntry = z.object({
  id: z.string(),
  contestId: z.string(),
  contestTitle: z.string(),
  entryDate: z.string(),
  status: z.enum(['confirmed', 'pending']),
  consent: z.object({
    given: z.boolean(),
    at: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
  }),
  country: z.string().nullable(),
  /**
   * What withdrawing does: `delete` before the draw has frozen the entries, `erase` after it
   * (the entry stays in the record, without name or e-mail).
   */
  withdrawal: z.enum(['delete', 'erase']),
  /** The place the entry holds as a current winner, or null. */
  wonPlace: z.number().nullable(),
});
export type MyEntry = z.infer<typeof myEntry>;

/** GET /api/me: the mailbox (as folded) and its entries in every contest, newest first. */
export const myEntries = z.object({ email: z.string(), entries: z.array(myEntry) });
export type MyEntries = z.infer<typeof myEntries>;
