import { claimMessages, type ClaimView } from './claims.ts';

/**
 * The claim link's page, /claim?token=… (docs/product.md#claims): rendered on the server and
 * never hydrated, so that it works without JavaScript, like the double opt-in page. Opening the
 * link changes nothing (mail scanners open links); the page's plain forms post to CLAIM_PATH
 * with the token in the body, and the server answers with the page again.
 */

/** Which of the page's buttons sent the form: its `name`, with one of claimPageActions. */
export const CLAIM_ACTION_FIELD = 'action';
/**
 * accept: the claim form. decline: the first step, which only asks "Decline the prize?".
 * decline-confirmed: the step's button, which declines.
 */
export const claimPageActions = ['accept', 'decline', 'decline-confirmed'] as const;
export type ClaimPageAction = (typeof claimPageActions)[number];

/** The claim form's fields, named as POST /api/claims/{token}/accept names them. */
export const claimFormFields = {
  fullName: 'fullName',
  deliveryAddress: 'deliveryAddress',
  eligible: 'eligible',
  publicityConsent: 'publicityConsent',
} as const;
/** What a ticked box of the form sends. */
export const CLAIM_CHECKBOX_VALUE = 'yes';

/** What the winner typed, given back with the errors of a refused claim. */
export type ClaimFormValues = {
  fullName: string;
  deliveryAddress: string;
  eligible: boolean;
  publicityConsent: boolean;
};

/** A field's message by the field's name; `_` is the form's own. */
export type ClaimFormErrors = Partial<Record<keyof typeof claimFormFields | '_', string>>;

/** The place as the page shows it: the API's view, and whether the contest has several. */
export type ClaimPlace = ClaimView & { winnersCount: number };

/** The contest of a link whose place is gone, for the way to its draw record. */
export type ClaimContest = { id: string; title: string };

/** Why a link no longer claims: its place, or the link itself, is gone. */
export const claimRefusals = {
  expired: { status: 410, message: claimMessages.expired },
  declined: { status: 410, message: claimMessages.declined },
  dead: { status: 410, message: claimMessages.dead },
  unknown: { status: 404, message: claimMessages.unknown },
} as const;
export type ClaimRefusal = keyof typeof claimRefusals;

/** The refusal the API's message stands for (the 410s share their code), if any. */
export function claimRefusalOf(message: string): ClaimRefusal | null {
  const found = Object.entries(claimRefusals).find(([, refusal]) => refusal.message === message);
  return found ? (found[0] as ClaimRefusal) : null;
}

/**
 * What the page shows. `now` is the server's time of the rendering: the time left that the page
 * shows before (or without) its small script.
 */
export type ClaimPageView =
  | {
      kind: 'pending';
      token: string;
      place: ClaimPlace;
      now: string;
      values?: ClaimFormValues;
      errors?: ClaimFormErrors;
    }
  | { kind: 'confirm-decline'; token: string; place: ClaimPlace; now: string }
  /** `details`: what the winner just gave; absent when the link is opened again later. */
  | {
      kind: 'claimed';
      place: ClaimPlace;
      details?: { fullName: string; deliveryAddress: string | null; publicityConsent: boolean };
    }
  | { kind: 'declined'; place: ClaimPlace }
  /** The contest does not ask its winners to claim: the owner is in touch. */
  | { kind: 'not-required'; place: ClaimPlace }
  | { kind: 'refused'; refusal: ClaimRefusal; contest: ClaimContest | null };
