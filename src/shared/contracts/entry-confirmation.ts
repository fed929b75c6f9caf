import { type EntryConfirmation } from './entries.ts';
import { entryMessages } from './entry-messages.ts';

/**
 * The page of a double opt-in link (docs/product.md#trusted-leads). Opening the link changes
 * nothing: mail scanners open links, some run their scripts, and a GET that confirmed would
 * confirm for them. The page names the contest and holds a form whose button confirms
 * (`POST /entries/confirm`); the server renders it, and its answer, with no script at all.
 */
export const CONFIRM_ENTRY_PATH = '/entries/confirm';
/** The form's one field, and the query parameter of the mailed link. */
export const CONFIRM_TOKEN_FIELD = 'token';
export const CONFIRM_BUTTON_LABEL = 'Confirm my entry';

/** Why a link cannot confirm, each with the message and status the API answers with. */
export const confirmRefusals = {
  invalid: { code: 'DEAD_LINK', status: 400, message: entryMessages.confirmationInvalid },
  used: { code: 'DEAD_LINK', status: 400, message: entryMessages.confirmationUsed },
  expired: { code: 'DEAD_LINK', status: 400, message: entryMessages.confirmationExpired },
  ended: { code: 'CONTEST_ENDED', status: 409, message: entryMessages.ended },
  full: { code: 'CONTEST_FULL', status: 409, message: entryMessages.full },
} as const;
export type ConfirmRefusal = keyof typeof confirmRefusals;

/** The refusal an error of the confirmation (the API's code and message) stands for, if any. */
export function confirmRefusalOf(code: string | undefined, message: string): ConfirmRefusal | null {
  const found = Object.entries(confirmRefusals).find(
    ([, refusal]) => refusal.code === code && refusal.message === message,
  );
  return found ? (found[0] as ConfirmRefusal) : null;
}

/** The contest a link belongs to, when the link is known. */
export type ConfirmContest = { id: string; title: string };

/** What the page shows: the button, why the link cannot confirm, or the confirmed entry. */
export type ConfirmEntryView =
  | { kind: 'ask'; token: string; contest: ConfirmContest | null }
  | { kind: 'refused'; refusal: ConfirmRefusal; contest: ConfirmContest | null }
  | { kind: 'confirmed'; confirmation: EntryConfirmation };
