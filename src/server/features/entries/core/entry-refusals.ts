import { AppError } from '#server/errors.ts';
import { entryMessages } from '#shared/contracts/entries.ts';

/** A frozen or past contest takes no entry, whoever brings it (the entrant or an import). */
export const contestEnded = () => new AppError('CONTEST_ENDED', entryMessages.ended);
