import { CONFIRMATION_RESENT, DUPLICATE, NAME_HAS_LINK } from './entries.ts';

/**
 * Every message of the entry path (docs/product.md#entry-rules), in a module of its own: the
 * entry page's first script carries only the few it shows itself (entryFormMessages).
 */
export const entryMessages = {
  duplicate: DUPLICATE,
  confirmationResent: CONFIRMATION_RESENT,
  nameHasLink: NAME_HAS_LINK,
  ended: 'This contest has ended.',
  drawStarting: 'The draw is starting. Please try again in a few seconds.',
  full: 'This contest is full.',
  disposable: 'Please use a permanent e-mail address.',
  confirmationUsed: 'This confirmation link has already been used: your entry is confirmed.',
  confirmationExpired:
    'This confirmation link has expired. Please enter the contest again to get a new one.',
  confirmationInvalid:
    'This confirmation link is not valid. It may have expired: please enter the contest again.',
  tooManyFromAddress:
    'Too many entries have come from your network to this contest. Please try again later.',
  captchaFailed: 'Please complete the check that you are not a robot, then try again.',
  /** Shown without JavaScript on a page whose robot check needs it. */
  captchaNeedsScript:
    'Entering this giveaway needs JavaScript for its check that you are not a robot. Turn JavaScript on, or open this page in another browser.',
  captchaUnreachable: 'The robot check could not be reached. Please try again.',
  tooManyMails:
    'This email address has received too many giveaway emails today. Please try again tomorrow.',
} as const;
