// zod/mini keeps the public entry page light: this contract is all the validation it loads.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, ENTRANT_NAME_MAX_LENGTH } from '#shared/constants.ts';

export const enterContestBody = z.object({
  name: z.string({ error: 'Full name is required' }).check(
    z.trim(),
    z.minLength(1, 'Full name is required'),
    z.maxLength(
      ENTRANT_NAME_MAX_LENGTH,
      `Name must be at most ${ENTRANT_NAME_MAX_LENGTH} characters`,
    ),
    // PostgreSQL text cannot hold a NUL character (a pasted or imported name may carry one).
    z.regex(/^[^\0]*$/, 'Name contains a character that is not allowed'),
  ),
  email: z.pipe(
    z
      .string({ error: 'Email address is required' })
      .check(
        z.trim(),
        z.minLength(1, 'Email address is required'),
        z.maxLength(EMAIL_MAX_LENGTH, 'Please enter a valid email address'),
      ),
    z.email('Please enter a valid email address'),
  ),
});
export type EnterContestBody = z.infer<typeof enterContestBody>;

export type EntryReceipt = { id: string; contestId: string; name: string; entryDate: string };

/** What the owner sees of each entrant. */
export type ContestEntryItem = {
  id: string;
  name: string;
  email: string;
  entryDate: string | null;
};

export type EntryCount = { count: number };

export type ImportResult = {
  imported: number;
  skipped: number;
  errors: { row: number; message: string }[];
};

export const entryMessages = {
  ended: 'This contest has ended.',
  full: 'This contest is full.',
  duplicate: 'This email has already entered this contest.',
} as const;
