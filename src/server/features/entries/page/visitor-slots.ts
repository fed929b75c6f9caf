import { randomBytes } from 'node:crypto';
import { escapeHtml } from '#server/lib/html.ts';
import { FORM_TOKEN_SLOT, type EntryPageState } from '#shared/contracts/entries.ts';

/**
 * One visitor's own text in a rendering many visitors share: the friend's code of their link,
 * and a refused form's typed values and messages. The page is rendered once per shape (with a
 * code or not; which of the refusal's message and field messages it shows), with a slot where
 * each text goes, and every answer puts its visitor's text into the slots. So a made-up code or
 * a refused form costs a string replacement, not a rendering, and adds nothing to the cache.
 */
/** The refused form's fields whose text goes into slots. */
const slotted = new Set(['name', 'email']);

type SlotName = 'ref' | 'referrer' | 'name' | 'email' | 'message' | 'nameError' | 'emailError';

// Random per process: no contest's own text can hold a slot, and none leaves the server.
const PREFIX = `pw${randomBytes(6).toString('hex')}`;
const slot = (name: SlotName) => `${PREFIX}.${name}.`;
const SLOTS = new RegExp(`${PREFIX}\\.(\\w+)\\.|${FORM_TOKEN_SLOT}`, 'g');

export type SharedShape = {
  /** Names the rendering among a contest's others. */
  key: string;
  /** What it is rendered from: slots in place of the visitor's own text. */
  state: EntryPageState;
};

/**
 * The shape of this visitor's page, or null for one that is theirs alone (the entry they made):
 * never shared. Each text counts as present exactly when the form would show it.
 */
export function sharedShape(state: EntryPageState): SharedShape | null {
  if (state.entered) return null;
  const { refusal } = state;
  const hasRef = state.referralCode !== null;
  const hasReferrer = state.referrerName !== null;
  const shown = refusal && {
    message: Boolean(refusal.message),
    name: Boolean(refusal.fieldErrors.name),
    email: Boolean(refusal.fieldErrors.email),
  };
  // The boxes, the country and their messages are few known values (the contest's own words, a
  // country code): they are part of the shape itself, not slots.
  const termErrors = Object.fromEntries(
    Object.entries(refusal?.fieldErrors ?? {}).filter(([field]) => !slotted.has(field)),
  );
  const terms = refusal?.values.terms;
  const termsKey = refusal ? JSON.stringify([termErrors, terms ?? {}]) : '';
  return {
    key: [
      hasRef ? 'ref' : '',
      hasReferrer ? 'referrer' : '',
      shown ? `refused:${Number(shown.message)}${Number(shown.name)}${Number(shown.email)}` : '',
      termsKey,
    ].join(':'),
    state: {
      referralCode: hasRef ? slot('ref') : null,
      referrerName: hasReferrer ? slot('referrer') : null,
      entered: null,
      refusal: shown && {
        message: shown.message ? slot('message') : null,
        fieldErrors: {
          ...termErrors,
          ...(shown.name && { name: slot('nameError') }),
          ...(shown.email && { email: slot('emailError') }),
        },
        values: { name: slot('name'), email: slot('email'), ...(terms && { terms }) },
      },
    },
  };
}

/**
 * The rendered markup with this visitor's text in its slots, escaped, and this answer's form
 * token in the form's. One pass: text put in is never read again as a slot.
 */
export function fillSlots(html: string, state: EntryPageState, formToken: string): string {
  const { refusal } = state;
  const texts: Record<SlotName, string> = {
    ref: state.referralCode ?? '',
    referrer: state.referrerName ?? '',
    name: refusal?.values.name ?? '',
    email: refusal?.values.email ?? '',
    message: refusal?.message ?? '',
    nameError: refusal?.fieldErrors.name ?? '',
    emailError: refusal?.fieldErrors.email ?? '',
  };
  return html.replace(SLOTS, (_found, name: string | undefined) =>
    name === undefined ? formToken : escapeHtml(texts[name as SlotName]),
  );
}
