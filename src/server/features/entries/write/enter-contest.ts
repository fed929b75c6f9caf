import type { Config } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { contestNotFound } from '#server/features/contests/service.ts';
import { type EntryReceipt } from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { isUuid } from '#shared/contracts/ids.ts';
import { referralLinkFor } from '../core/entrant-keys.ts';
import type { EntryCandidate } from '../core/entry-batch.ts';
import {
  contestEnded,
  contestNotStarted,
  drawStarting,
  termsRefused,
} from '../core/entry-refusals.ts';
import type { EntryWriter } from './entry-writer.ts';

/** The per-mailbox limit counts 24 hours back: an hour is an honest first wait to suggest. */
const MAIL_LIMIT_RETRY_SECONDS = 60 * 60;

/**
 * Enters the contest through the group commit: the receipt (its mail was queued with it), or the
 * queue's own answer for the route to give (`busy`: refused for
 * now; `abandoned`: the entrant left, nothing was written). The contest's refusals are thrown.
 */
export async function enterContest(
  writer: EntryWriter,
  links: Pick<Config, 'appUrl' | 'sessionSecret'>,
  contestId: string,
  candidate: EntryCandidate,
  isGone: () => boolean,
) {
  if (!isUuid(contestId)) throw contestNotFound();
  const outcome = await writer.submit(contestId, candidate, isGone);
  switch (outcome.status) {
    case 'accepted': {
      // Written out rather than spread: see readSubmission (decision 024).
      const { id, name, status, referralCode, entryDate } = outcome.entry;
      const receipt: EntryReceipt = {
        id,
        contestId,
        name,
        entryDate: entryDate.toISOString(),
        status,
      };
      if (referralCode) receipt.referral = referralLinkFor(links, contestId, { id, referralCode });
      if (outcome.resent) receipt.confirmationResent = true;
      return { status: outcome.status, receipt };
    }
    case 'busy':
    case 'abandoned':
      return { status: outcome.status };
    case 'not_found':
      throw contestNotFound();
    case 'ended':
      throw contestEnded();
    case 'draw_starting':
      throw drawStarting();
    case 'not_started':
      throw contestNotStarted(outcome.startDate, outcome.timeZone);
    case 'terms_refused':
      throw termsRefused(outcome.errors);
    case 'full':
      throw new AppError('CONTEST_FULL', entryMessages.full);
    case 'duplicate':
      throw new AppError('ALREADY_ENTERED', entryMessages.duplicate);
    case 'mail_limited':
      throw new AppError(
        'RATE_LIMITED',
        entryMessages.tooManyMails,
        undefined,
        MAIL_LIMIT_RETRY_SECONDS,
      );
    case 'rate_limited':
      throw new AppError(
        'RATE_LIMITED',
        entryMessages.tooManyFromAddress,
        undefined,
        outcome.retryAfterSeconds,
      );
  }
}
