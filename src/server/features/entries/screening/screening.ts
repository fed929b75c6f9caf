import { randomBytes } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { contestNotFound, findContest, isVisibleTo } from '#server/features/contests/service.ts';
import type { WideNetwork } from '#server/lib/client-networks.ts';
import { readFormToken } from '#server/lib/form-token.ts';
import { ENTRY_MIN_FILL_MS } from '#shared/constants.ts';
import {
  entryFormFields,
  validateEntry,
  type EnterContestBody,
  type EntryField,
  type EntryReceipt,
} from '#shared/contracts/entries.ts';
import { FAST_SUBMIT_MS, type EntryFlag } from '#shared/contracts/entry-flags.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import type { EntryTermField, EntryTerms } from '#shared/contracts/entry-terms.ts';
import { isReferralCode } from '#shared/contracts/referrals.ts';
import { isThrowawayAddress } from '../core/email-identity.ts';
import { hashClientAddress, referralLinkFor } from '../core/entrant-keys.ts';
import type { EntryCandidate } from '../core/entry-batch.ts';
import { contestNotStarted } from '../core/entry-refusals.ts';
import { verifyCaptcha } from './captcha.ts';
import { readEntryTerms } from './read-entry-terms.ts';

/** The entry as the form sends it: the contract's fields and the form's own (entryFormFields). */
export type Submission = EnterContestBody & {
  /** The rules, age, country and consent the entrant declared (checked against the contest later). */
  terms: EntryTerms;
  trap?: string;
  formToken?: string;
  captchaToken?: string;
  /** The referral code of the link the entrant came through (docs/product.md#referrals). */
  ref?: string;
};

/**
 * A submission from a body (JSON, or a plain form's fields): the entry contract's two fields,
 * and the form's own fields when they are text. A friend's code that is not one is ignored,
 * never refused.
 */
export function readSubmission(
  value: unknown,
):
  | { success: true; data: Submission }
  | { success: false; errors: Partial<Record<EntryField | EntryTermField, string>> } {
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const result = validateEntry(value);
  const { terms, errors: termErrors } = readEntryTerms(fields);
  if (!result.success) return { success: false, errors: { ...result.errors, ...termErrors } };
  if (Object.keys(termErrors).length > 0) return { success: false, errors: termErrors };
  const ref = textField(fields, entryFormFields.ref);
  // Each property written out: on Node 20 spreading result.data and then adding these takes
  // V8's slow path, ~4 µs per entry (decision 024).
  return {
    success: true,
    data: {
      name: result.data.name,
      email: result.data.email,
      terms,
      trap: textField(fields, entryFormFields.trap),
      formToken: textField(fields, entryFormFields.formToken),
      captchaToken: textField(fields, entryFormFields.captchaToken),
      ref: isReferralCode(ref) ? ref : undefined,
    },
  };
}

/** A text field the body itself holds (never one inherited from Object.prototype). */
function textField(fields: Record<string, unknown>, field: string): string | undefined {
  if (!Object.hasOwn(fields, field)) return undefined;
  const found = fields[field];
  return typeof found === 'string' ? found : undefined;
}

export type Screened = { verdict: 'drop' } | { verdict: 'enter'; candidate: EntryCandidate };

/**
 * What becomes of a submission before it is queued (docs/product.md#trusted-leads):
 * - an address at a throwaway domain is refused, with the field's message;
 * - a filled trap field, a forged form token or a form sent under ENTRY_MIN_FILL_MS after its
 *   page was served is a script: dropped, and answered as a success so it learns nothing;
 * - a form sent soon after that is flagged fast-submit;
 * - one without a form token, or with one older than a day, is taken (an API client: the call
 *   takes name and e-mail alone, docs/product.md#api) and flagged no-form-token, so leaving the
 *   token out is no way around the fill time: the owner sees it;
 * - with a CAPTCHA configured, its token must pass.
 * The token's age is measured on the database's clock (decision 035), whichever instance
 * served the page.
 */
export async function screenSubmission(
  ctx: AppContext,
  contestId: string,
  submission: Submission,
  client: { address: string; wider: WideNetwork[]; hostname: string },
): Promise<Screened> {
  if (isThrowawayAddress(submission.email, ctx.config.emailDomainAllowList)) {
    throw new AppError('VALIDATION', entryMessages.disposable, { email: entryMessages.disposable });
  }
  if (submission.trap) return { verdict: 'drop' };
  const flags: EntryFlag[] = [];
  const token = readFormToken(
    ctx.config.sessionSecret,
    contestId,
    submission.formToken,
    ctx.clock.now(),
  );
  if (token.kind === 'forged') return { verdict: 'drop' };
  if (token.kind === 'served') {
    if (token.elapsedMs < ENTRY_MIN_FILL_MS) return { verdict: 'drop' };
    if (token.elapsedMs < FAST_SUBMIT_MS) flags.push('fast-submit');
  } else {
    flags.push('no-form-token');
  }
  if (ctx.config.captcha) {
    await verifyCaptcha(ctx.db, ctx.config.captcha, {
      token: submission.captchaToken,
      clientAddress: client.address,
      hostname: client.hostname,
    });
  }
  return {
    verdict: 'enter',
    candidate: {
      name: submission.name,
      email: submission.email,
      // The address limits are rate limits: RATE_LIMIT=off (tests, benchmarks) turns them off.
      clientAddress: ctx.config.rateLimit ? client.address : undefined,
      wideNetworks: ctx.config.rateLimit ? client.wider : undefined,
      flags,
      terms: submission.terms,
      ref: submission.ref,
      clientHash: hashClientAddress(ctx.config.sessionSecret, client.address),
      clientHash56: hashWideNetwork(ctx, client.wider, 56),
      clientHash48: hashWideNetwork(ctx, client.wider, 48),
    },
  };
}

/** The keyed hash of the client's IPv6 network of that width (none for IPv4). */
function hashWideNetwork(ctx: AppContext, wider: WideNetwork[], prefix: WideNetwork['prefix']) {
  const found = wider.find((network) => network.prefix === prefix);
  return found && hashClientAddress(ctx.config.sessionSecret, found.network);
}

/** A time-ordered id as the database makes them (UUID version 7 layout). */
function timeOrderedId(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The answer a dropped submission gets: what a success would have said, for a contest that
 * takes entries; a contest that does not refuses it as it refuses anyone.
 */
export async function answerAsEntered(
  ctx: AppContext,
  contestId: string,
  name: string,
): Promise<EntryReceipt> {
  const contest = await findContest(ctx, contestId);
  if (!contest || !isVisibleTo(null, contest)) throw contestNotFound();
  if (contest.frozenAt || !contest.isActive || contest.endDate.getTime() <= Date.now()) {
    throw new AppError('CONTEST_ENDED', entryMessages.ended);
  }
  if (contest.startDate && contest.startDate.getTime() > Date.now()) {
    throw contestNotStarted(contest.startDate, contest.timeZone);
  }
  const id = timeOrderedId();
  return {
    id,
    contestId,
    name,
    entryDate: new Date().toISOString(),
    status: contest.requireConfirmation ? 'pending' : 'confirmed',
    // A code like any other: its link leads to the contest, and credits nobody.
    ...(contest.referralBonus > 0 && {
      referral: referralLinkFor(ctx.config, contestId, {
        id,
        referralCode: randomBytes(8).toString('hex'),
      }),
    }),
  };
}
