import { AppError } from '#server/errors.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import { rulesMessages } from '#shared/contracts/contest-rules.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import type { EntryTermField } from '#shared/contracts/entry-terms.ts';

/** A frozen or past contest takes no entry, whoever brings it (the entrant or an import). */
export const contestEnded = () => new AppError('CONTEST_ENDED', entryMessages.ended);

/** Seconds after which an entry refused while the draw starts may be sent again. */
export const DRAW_STARTING_RETRY_SECONDS = 5;

/**
 * The first draw has frozen the entries and waits for the public randomness: if that fails, the
 * freeze is undone and entries reopen, so the person is asked to try again, not told it ended.
 */
export const drawStarting = () =>
  new AppError('DRAW_STARTING', entryMessages.drawStarting, undefined, DRAW_STARTING_RETRY_SECONDS);

/** Before its start a contest takes entries from no one but its owner's import. */
export const contestNotStarted = (startDate: Date, timeZone: string) =>
  new AppError('NOT_STARTED', rulesMessages.notStarted(formatContestDate(startDate, timeZone)));

/** The rules, the age or the country the contest asks for, by field (400, like any field). */
export const termsRefused = (errors: Partial<Record<EntryTermField, string>>) =>
  new AppError('VALIDATION', Object.values(errors)[0] ?? 'Invalid entry', errors);
