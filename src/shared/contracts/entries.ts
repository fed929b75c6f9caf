import { EMAIL_MAX_LENGTH, ENTRANT_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { isPlainText, notPlainTextMessage } from '#shared/contracts/plain-text.ts';

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

function nameError(name: string): string | undefined {
  if (!name) return 'Full name is required';
  if (name.length > ENTRANT_NAME_MAX_LENGTH) {
    return `Name must be at most ${ENTRANT_NAME_MAX_LENGTH} characters`;
  }
  if (!isPlainText(name)) return notPlainTextMessage('Name');
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
