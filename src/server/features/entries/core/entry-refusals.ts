import { AppError } from '#server/errors.ts';
import { entryMessages } from '#shared/contracts/entries.ts';

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
