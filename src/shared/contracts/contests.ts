import { z } from 'zod';
import {
  CONTEST_CONFIRMATION_MAX_LENGTH,
  CONTEST_DESCRIPTION_MAX_LENGTH,
  CONTEST_PRIZE_DETAILS_MAX_LENGTH,
  CONTEST_PRIZE_VALUE_MAX_LENGTH,
  CONTEST_TITLE_MAX_LENGTH,
  MAX_ENTRIES_LIMIT,
} from '#shared/constants.ts';
import { brandFields, brandFieldsBody, contestBrand } from './brand.ts';
import { claimWindowMinutes, prizeDeliveries, prizeDelivery } from './claims.ts';
import { contestImages } from './contest-images.ts';
import { rulesMessages, rulesScheduleFields, type ContestRules } from './contest-rules.ts';
import { contestSlug } from './contest-slugs.ts';
import { winnersCount } from './draws.ts';
import { entryFlags } from './entry-flags.ts';
import { REFERRAL_BONUS_MAX, REFERRAL_CAP_MAX, REFERRAL_CAP_MIN } from './referrals.ts';

/** PostgreSQL text cannot hold a NUL character: refused here rather than failing on insert. */
const NO_NUL = /^[^\0]*$/;
const NUL_MESSAGE = 'Contains a character that is not allowed';

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_NUL, NUL_MESSAGE);

/** Blank optional text means "none". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_NUL, NUL_MESSAGE)
    .nullish()
    .transform((value) => value || null);

const maxEntries = z
  .number({ error: 'Maximum entries must be a whole number' })
  .int('Maximum entries must be a whole number')
  .min(1, 'Maximum entries must be at least 1')
  .max(
    MAX_ENTRIES_LIMIT,
    `Maximum entries must be at most ${MAX_ENTRIES_LIMIT.toLocaleString('en-US')}`,
  )
  .nullish()
  .transform((value) => value ?? null);

/** Years 1970 to 9999: what the database and every client can store and show. */
const LATEST_END_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const endDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((value) => {
      const time = Date.parse(value);
      return time >= 0 && time <= LATEST_END_DATE;
    }, 'End date must be a valid date and time')
    .transform((value) => new Date(value));

const referralBonus = z
  .number({ error: 'Bonus entries per referral must be a whole number' })
  .int('Bonus entries per referral must be a whole number')
  .min(0, 'Bonus entries per referral must be at least 0')
  .max(REFERRAL_BONUS_MAX, `Bonus entries per referral must be at most ${REFERRAL_BONUS_MAX}`);

const referralCap = z
  .number({ error: 'Bonus entry cap must be a whole number' })
  .int('Bonus entry cap must be a whole number')
  .min(REFERRAL_CAP_MIN, `Bonus entry cap must be at least ${REFERRAL_CAP_MIN}`)
  .max(
    REFERRAL_CAP_MAX,
    `Bonus entry cap must be at most ${REFERRAL_CAP_MAX.toLocaleString('en-US')}`,
  );

type Messages = { title: string; description: string; prizeDetails: string; endDate: string };

function contestBody(messages: Messages) {
  return z.object({
    title: requiredText(messages.title, CONTEST_TITLE_MAX_LENGTH),
    description: requiredText(messages.description, CONTEST_DESCRIPTION_MAX_LENGTH),
    prizeDetails: requiredText(messages.prizeDetails, CONTEST_PRIZE_DETAILS_MAX_LENGTH),
    prizeValue: optionalText(CONTEST_PRIZE_VALUE_MAX_LENGTH),
    endDate: endDate(messages.endDate),
    maxEntries,
    confirmationMessage: optionalText(CONTEST_CONFIRMATION_MAX_LENGTH),
    // Left out, a new contest has one place and an edit keeps the contest's number.
    winnersCount: winnersCount.optional(),
    // Left out, a new contest takes the default (off) and an edit keeps the contest's.
    requireConfirmation: z.boolean().optional(),
    // Referrals (docs/product.md#referrals): left out, off (0), 10 and no leaderboard for a
    // new contest; an edit keeps the contest's.
    referralBonus: referralBonus.optional(),
    referralCap: referralCap.optional(),
    showLeaderboard: z.boolean().optional(),
    // Claims (docs/product.md#claims): left out, 72 hours, notified, digital for a new contest;
    // an edit keeps the contest's.
    claimWindowMinutes: claimWindowMinutes.optional(),
    notifyWinners: z.boolean({ error: 'Notify winners must be true or false' }).optional(),
    prizeDelivery: prizeDelivery.optional(),
    // Rules, schedule and consent (docs/product.md#rules-schedule-and-consent): left out, open
    // once published, UTC, no rules and no consent box for a new contest; an edit keeps them.
    ...rulesScheduleFields,
    // The short link (docs/product.md#short-links): left out, none for a new contest; an edit
    // keeps the contest's.
    slug: contestSlug.optional(),
    // The contest's own brand fields over the account's (docs/product.md#the-owners-brand): a
    // field left out keeps its value (none for a new contest), null goes back to the account's.
    brand: brandFieldsBody.optional(),
  });
}

/** A start must come before the end (when both are readable dates). */
const startsBeforeEnd = (value: { startDate?: Date | null; endDate: unknown }) =>
  !(value.startDate instanceof Date) ||
  !(value.endDate instanceof Date) ||
  value.startDate.getTime() < value.endDate.getTime();

/**
 * Creating: the builder's wording (docs/product.md#validation-rules); the end must lie ahead.
 * `isActive: false` saves a draft.
 */
export const createContestBody = contestBody({
  title: 'Contest title is required',
  description: 'Contest description is required',
  prizeDetails: 'Prize details are required',
  endDate: 'End date is required',
})
  .extend({ isActive: z.boolean().default(true) })
  // Zod still runs this check when a field failed (a blank or unreadable date is then not
  // a Date yet): that case already has its own message.
  .refine((value) => !(value.endDate instanceof Date) || value.endDate.getTime() > Date.now(), {
    message: 'End date must be in the future',
    path: ['endDate'],
  })
  .refine(startsBeforeEnd, { message: rulesMessages.startAfterEnd, path: ['startDate'] });
export type CreateContestBody = z.input<typeof createContestBody>;

/**
 * Editing: the edit screen's wording (docs/product.md#validation-rules); an ended contest may be
 * edited (e.g. to extend it).
 */
export const updateContestBody = contestBody({
  title: 'Title is required',
  description: 'Description is required',
  prizeDetails: 'Prize details are required',
  endDate: 'End date is required',
}).refine(startsBeforeEnd, { message: rulesMessages.startAfterEnd, path: ['startDate'] });
export type UpdateContestBody = z.input<typeof updateContestBody>;

/** Refusals of changes that no longer apply once the winners are drawn (409 CONTEST_DRAWN). */
export const contestMessages = {
  endDateLocked:
    'The winners are drawn: the end date can no longer change, as entries are closed for good.',
  statusLocked:
    'The winners are drawn: entries are closed for good and cannot be paused or resumed.',
  /** A draft kept its end from the contest it copies (docs/product.md#duplicate-a-contest). */
  endedDraft: 'The end date has passed: set a new end date before publishing.',
};

/** Publish a draft, pause or resume entries. */
export const setContestActiveBody = z.object({ isActive: z.boolean() });

export const contestIdParams = z.object({
  id: z.uuid('Contest not found'),
});
export const contestIdParamsAlias = z.object({
  contestId: z.uuid('Contest not found'),
});

/**
 * Where a contest stands (docs/product.md#contest-states), computed by the server in one place
 * and read by every screen: a draft was never published; scheduled is published and waits for its
 * start date; open takes entries; paused was
 * published and then stopped by its owner; ended has passed its end date without a draw; drawn
 * was frozen by its first draw, whatever its dates.
 */
export const contestStatuses = ['draft', 'scheduled', 'open', 'paused', 'ended', 'drawn'] as const;
export const contestStatus = z.enum(contestStatuses);
export type ContestStatus = z.infer<typeof contestStatus>;

/** Fields anyone with the link may see: never the owner, never an entrant's e-mail. */
export const publicContest = z.object({
  id: z.string(),
  /** The short link, /c/{slug}, or null (the page is /c/{id}). */
  slug: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  prizeDetails: z.string(),
  prizeValue: z.string().nullable(),
  endDate: z.date(),
  maxEntries: z.number().nullable(),
  status: contestStatus,
  /** Kept beside `status` for the clients that read them (docs/product.md#api). */
  isActive: z.boolean(),
  isPublished: z.boolean(),
  confirmationMessage: z.string().nullable(),
  winnerId: z.string().nullable(),
  entryCount: z.number(),
  winnersCount: z.number(),
  /** The draw's commitment (docs/draw-protocol.md): null until the contest is published. */
  seedHash: z.string().nullable(),
  committedAt: z.date().nullable(),
  /** When the first draw closed the entries; null before it. */
  frozenAt: z.date().nullable(),
  /** The current winners, by position, as the public record names them ("Maria S."). */
  winners: z.array(z.object({ position: z.number(), displayName: z.string() })),
  /** Every place was redrawn and is not filled again yet (docs/product.md#the-draw). */
  isRedrawing: z.boolean(),
  /** Entrants confirm their e-mail before their entry counts (double opt-in). */
  requireConfirmation: z.boolean(),
  /** Bonus entries per counted referral (0: referrals off) and the most one entrant earns. */
  referralBonus: z.number(),
  referralCap: z.number(),
  /** The entry page shows the top referrers. */
  showLeaderboard: z.boolean(),
  /** How long each winner has to claim, whether winners are mailed, how the prize travels. */
  claimWindowMinutes: z.number(),
  notifyWinners: z.boolean(),
  prizeDelivery: z.enum(prizeDeliveries),
  /** Entries open at this instant (null: once published); dates are shown in `timeZone`. */
  startDate: z.date().nullable(),
  timeZone: z.string(),
  /** The official rules' fields, or null (no rules); their text is `/c/{id}/rules.txt`. */
  rules: z.custom<ContestRules>().nullable(),
  /** The marketing-consent sentence beside the entry form; empty: no consent box. */
  consentText: z.string(),
  /** The cover photo and the logo, each with its renditions, or null (docs/product.md#contest-images). */
  images: contestImages,
  /** The brand the pages and mails show: the contest's own fields, else the account's. */
  brand: contestBrand,
});

export const ownerContest = publicContest.extend({
  /**
   * Flags whose entries stay out of the draw unless the owner lets them in one by one
   * (docs/product.md#flagged-entries).
   */
  excludedFlags: z.array(z.enum(entryFlags)),
  /** The contest's own brand fields (null: the account's), as the edit form shows them. */
  brandOverride: brandFields,
  trainerId: z.string(),
  winnerSelectedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** Dates travel as ISO strings in JSON. */
type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
export type PublicContest = Json<z.infer<typeof publicContest>>;
export type OwnerContest = Json<z.infer<typeof ownerContest>>;
