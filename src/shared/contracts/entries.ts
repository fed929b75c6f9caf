import { EMAIL_MAX_LENGTH, ENTRANT_NAME_MAX_LENGTH } from '#shared/constants.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';
import type { EntryTermField, EntryTerms } from '#shared/contracts/entry-terms.ts';
import type { DrawDecision } from '#shared/contracts/flag-review.ts';
import type { ConfirmationMailStatus } from '#shared/contracts/mail-queue.ts';
import { isPlainText, notPlainTextMessage } from '#shared/contracts/plain-text.ts';
import type { ReferralLink, ReferralReason } from '#shared/contracts/referrals.ts';

/**
 * The entry contract, written without a schema library: it is all the validation the public
 * entry page loads, and that page must stay small. The server wraps it in zod for its route
 * (entries/routes.ts); the form and the CSV import call it directly.
 */
export type EnterContestBody = { name: string; email: string };
export type EntryField = keyof EnterContestBody;
export type EntryValidation =
  | { success: true; data: EnterContestBody }
  | { success: false; errors: Partial<Record<EntryField, string>> };

// The address shape zod's email() accepts, so every form of the product agrees.
const EMAIL_SHAPE =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+.-]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * A scheme ("https:", "mailto:", "x-y://") or "www.": names appear in mails and on public pages,
 * and an entry form must not be a way to put someone's link there (docs/product.md#entry-mails).
 */
const HOLDS_LINK =
  /\b[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|mailto|javascript|data|ftp|file|tel|sms):|\bwww\./i;

function nameError(name: string): string | undefined {
  if (!name) return 'Full name is required';
  if (name.length > ENTRANT_NAME_MAX_LENGTH) {
    return `Name must be at most ${ENTRANT_NAME_MAX_LENGTH} characters`;
  }
  if (!isPlainText(name)) return notPlainTextMessage('Name');
  if (HOLDS_LINK.test(name)) return entryFormMessages.nameHasLink;
  return undefined;
}

function emailError(email: string): string | undefined {
  if (!email) return 'Email address is required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) {
    return 'Please enter a valid email address';
  }
  return undefined;
}

/** Trims both fields, then checks them (messages: docs/product.md#validation-rules, Entry). */
export function validateEntry(input: unknown): EntryValidation {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  const errors: Partial<Record<EntryField, string>> = {};
  const nameProblem = nameError(name);
  const emailProblem = emailError(email);
  if (nameProblem) errors.name = nameProblem;
  if (emailProblem) errors.email = emailProblem;
  return nameProblem || emailProblem
    ? { success: false, errors }
    : { success: true, data: { name, email } };
}

/**
 * `pending`: the contest asks entrants to confirm their e-mail, and this one has not yet; it is
 * not counted, drawn or held against maxEntries until they do.
 */
export const entryStatuses = ['confirmed', 'pending'] as const;
export type EntryStatus = (typeof entryStatuses)[number];

export type EntryReceipt = {
  id: string;
  contestId: string;
  name: string;
  entryDate: string;
  status: EntryStatus;
  /** The entrant's personal link, when the contest has referrals on (docs/product.md#referrals). */
  referral?: ReferralLink;
  /**
   * The address had entered and not confirmed yet: a new confirmation link was mailed and the
   * old one no longer works (docs/product.md#trusted-leads).
   */
  confirmationResent?: true;
};

/**
 * What the entry form sends beside the contract's two fields. The trap field is hidden from
 * people (a script that fills every field fills it too); the form token says when the page was
 * served; the CAPTCHA token is there only when the operator configured one.
 */
export const entryFormFields = {
  trap: 'homepage',
  formToken: 'formToken',
  captchaToken: 'captchaToken',
  ref: 'ref',
} as const;

/**
 * What the entry form needs from the server beside the contest: its form token, and the CAPTCHA's
 * site key when the operator configured one. The entry page's HTML carries both in meta tags
 * (ENTRY_FORM_META); a page reached inside the app asks GET /api/contests/{id}/entry-form.
 */
export type EntryFormSetup = { formToken: string; captchaSiteKey: string | null };
/** The CAPTCHA widget's action: the server takes tokens minted for the entry form only. */
export const CAPTCHA_ACTION = 'enter';

export const ENTRY_FORM_META = {
  formToken: 'entry-form-token',
  captchaSiteKey: 'captcha-site-key',
} as const;

/**
 * The form works without JavaScript too (docs/product.md#the-entry-form-without-javascript): it
 * posts to the page's own address, and the server answers with the page again. What that page
 * shows for this one visitor, beside the contest: the friend's code of the address (so the plain
 * form carries it), the entry a plain form made (remembered in a cookie, as the script remembers
 * it in storage), or why a plain form was refused, in place, with what was typed. The server
 * embeds it in the page (ENTRY_PAGE_STATE_ID) so that hydration renders what the server did.
 */
export type EntryPageState = {
  referralCode: string | null;
  /**
   * Who shared the link the visitor came through, by the name the public page gives people
   * ("Maria S."), never their e-mail; null without a code, or for one that finds nobody.
   */
  referrerName: string | null;
  entered: EntryReceipt | null;
  refusal: EntryRefusal | null;
};
export type EntryRefusal = {
  /** What the script would have toasted; null when the field messages say it all. */
  message: string | null;
  fieldErrors: Partial<Record<EntryField | EntryTermField, string>>;
  values: EnterContestBody & { terms?: EntryTerms };
};
export const ENTRY_PAGE_STATE_ID = 'entry-page-state';
export const emptyEntryPageState: EntryPageState = {
  referralCode: null,
  referrerName: null,
  entered: null,
  refusal: null,
};
/**
 * The form token's place in a rendering the server reuses for many visitors: each answer puts
 * its own token there (and in the ENTRY_FORM_META tag the script reads).
 */
export const FORM_TOKEN_SLOT = '__entry_form_token__';

/** What the owner sees of each entrant. */
export type ContestEntryItem = {
  id: string;
  name: string;
  email: string;
  entryDate: string | null;
  status: EntryStatus;
  flags: EntryFlag[];
  /** The owner's decision for this flagged entry; null: the contest's rule for its flags. */
  drawDecision: DrawDecision | null;
  /** Out of the draw (docs/product.md#flagged-entries). */
  leftOut: boolean;
  /** Friends whose entries count for this entrant (docs/product.md#referrals). */
  referrals: number;
  /** 1 + bonus entries: the entry's weight in the draw. */
  weight: number;
  /** This entry came through a friend's link (and counts for them while it qualifies). */
  referred: boolean;
  /** For an entry that came through a friend's link: whether it counts for them, or why not. */
  referralReason: ReferralReason | null;
  /** A pending entry's confirmation mail: sent, waiting, retrying or failed (null otherwise). */
  confirmationMail: ConfirmationMailStatus;
  /** Where the entrant lives, where the rules asked (ISO 3166-1 alpha-2). */
  country: string | null;
  /** The entrant's marketing consent stands ('yes': given and not withdrawn), and since when. */
  consent: 'yes' | 'no';
  consentAt: string | null;
};

/** The owner's entry list shows all entries, or only those pending, confirmed or flagged. */
export const entryListFilters = ['all', 'pending', 'confirmed', 'flagged', 'referred'] as const;
export type EntryListFilter = (typeof entryListFilters)[number];

/** The owner's counts beside the list: one per filter, the entries that filter lists. */
export type EntrySummary = Record<EntryListFilter, number>;

/** What opening a confirmation link answers. */
export type EntryConfirmation = {
  contestId: string;
  contestTitle: string;
  confirmationMessage: string | null;
  entry: EntryReceipt;
};

export type EntryCount = { count: number };

/**
 * GET /api/contests/{id}/entries/{entryId}/check: what became of the entry this browser made
 * (its id is the entrant's receipt), so a tab left open learns of the confirmation made in
 * another browser, and a winner's own browser learns they won. `gone`: removed, or a pending
 * entry whose link expired.
 */
export type EntryCheck = { status: EntryStatus | 'gone'; wonPlace: number | null };

/** POST /api/contests/{id}/entries/resend-link: the same answer whether or not the address entered. */
export type ResendLinkBody = { email: string };

/** The resend form's one field, checked as the entry form checks it. */
export function validateResendLink(
  input: unknown,
): { success: true; data: ResendLinkBody } | { success: false; errors: { email?: string } } {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  const problem = emailError(email);
  return problem
    ? { success: false, errors: { email: problem } }
    : { success: true, data: { email } };
}
export const resendLinkAnswer =
  'If this address has entered this contest, its personal link is on its way to the inbox.';

export type ImportResult = {
  imported: number;
  skipped: number;
  errors: { row: number; message: string }[];
};

/**
 * The messages the entry page's own script shows or compares: apart from the others, so that its
 * first script carries these few and not every refusal the server words.
 */
export const DUPLICATE = 'This email has already entered this contest.';
export const CONFIRMATION_RESENT =
  'You had already entered with this email but not confirmed it yet: we sent you a new confirmation link. The earlier link no longer works.';
export const NAME_HAS_LINK = 'Name cannot contain a web address.';

export const entryFormMessages = {
  duplicate: DUPLICATE,
  confirmationResent: CONFIRMATION_RESENT,
  nameHasLink: NAME_HAS_LINK,
} as const;
