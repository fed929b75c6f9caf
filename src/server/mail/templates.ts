import { PRODUCT_NAME } from '#shared/constants.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import { mediaUrl } from '#shared/contracts/contest-images.ts';
import { entrantPageUrl } from '#shared/contracts/me.ts';
import { referralMessages, type ReferralLink } from '#shared/contracts/referrals.ts';
import { renderMail, type LinkParagraph, type MailBrand } from './layout.ts';
import type { Mail } from './transport.ts';

type Recipient = { email: string; firstName: string | null };

export function verificationMail(user: Recipient, url: string): Mail {
  return renderMail({
    to: user.email,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    greetingName: user.firstName,
    paragraphs: [
      `Welcome to ${PRODUCT_NAME}! Please confirm that this is your email address so you can sign in and start your first contest.`,
      'The link asks for the password you chose when signing up. It works once and expires in 24 hours.',
    ],
    action: { label: 'Verify my email', url },
    footnote: `You are receiving this because someone signed up for ${PRODUCT_NAME} with this address. If it was not you, ignore this email.`,
  });
}

/**
 * Sign-up answers alike whether or not the address has an account; the address's owner is
 * told here instead, and only they can read it.
 */
export function accountExistsMail(
  user: Recipient,
  links: { signIn: string; resetPassword: string },
): Mail {
  const mail = renderMail({
    to: user.email,
    subject: `Someone tried to sign up for ${PRODUCT_NAME} with your address`,
    greetingName: user.firstName,
    paragraphs: [
      `Someone just tried to create a ${PRODUCT_NAME} account with this email address, but you already have one. Nothing about your account has changed.`,
      {
        before: 'If it was you, sign in instead. If you have forgotten your password,',
        label: 'reset it here',
        url: links.resetPassword,
      },
    ],
    action: { label: 'Sign in', url: links.signIn },
    footnote: 'If it was not you, you can ignore this email.',
  });
  return { ...mail, links: [links.signIn, links.resetPassword] };
}

export function passwordResetLinkMail(user: Recipient, url: string): Mail {
  return renderMail({
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    greetingName: user.firstName,
    paragraphs: [
      'We received a request to reset your password. Choose a new one with the link below.',
      'This link works once and expires in 1 hour.',
    ],
    action: { label: 'Reset my password', url },
    footnote: 'If you did not ask for this, ignore this email: your password stays the same.',
  });
}

export function passwordResetTokenMail(
  user: Recipient,
  token: string,
  manualResetUrl: string,
): Mail {
  const mail = renderMail({
    to: user.email,
    subject: `Your ${PRODUCT_NAME} reset token`,
    greetingName: user.firstName,
    paragraphs: [
      'Here is the reset token you asked for. Paste it into the Reset Token field of the manual reset page, together with your new password.',
      'The token works once and expires in 1 hour.',
    ],
    code: token,
    action: { label: 'Open the manual reset page', url: manualResetUrl },
    footnote: 'If you did not ask for this, ignore this email: your password stays the same.',
  });
  // Without SMTP the log is the only way the token reaches a local user.
  return { ...mail, links: [`${manualResetUrl} (token: ${token})`] };
}

/** The e-mail debug tool's mail: proves the configured transport delivers to this address. */
export function testMail(to: string, requestedBy: string, sentAt: Date): Mail {
  return renderMail({
    to,
    subject: `${PRODUCT_NAME} test email`,
    greetingName: null,
    paragraphs: [
      `This is a test email from ${PRODUCT_NAME}. If you can read it, email delivery to this address works.`,
      `Requested by the administrator ${requestedBy} at ${sentAt.toISOString()}.`,
    ],
    footnote: 'No action is needed. You can delete this email.',
  });
}

/** What a referral mail says beside its action: the personal link and what a friend is worth. */
export type ReferralMailLinks = ReferralLink & { bonus: number };

function referralParagraphs(referral: ReferralMailLinks): LinkParagraph[] {
  return [
    {
      before: `${referralMessages.worth(referral.bonus)}.`,
      label: 'Share your personal link',
      url: referral.url,
    },
    { before: '', label: 'See your entries, referrals and rank', url: referral.statusUrl },
  ];
}

/**
 * Who an entrant's mail comes from and why: the contest's owner (their account's name), through
 * the platform, answering to the owner's address; and what the contest is (its title, prize and
 * closing date, as the owner wrote them). Entrant mails carry no text the entrant typed (no
 * "Hi {name}"): an entry form must not be a way to mail a stranger one's own words (decision 028).
 * `replyTo`, `prize` and `endsAt` are absent from templates queued before they existed.
 */
export type EntryMailSender = {
  displayName: string;
  ownerName: string | null;
  contestTitle: string;
  replyTo?: string;
  prize?: string;
  /** ISO 8601. */
  endsAt?: string;
  /** The contest's zone, which the closing date is written in (UTC for templates before it). */
  timeZone?: string;
  /**
   * The owner's brand as the contest showed it at the entry's time: its name, colour and the key
   * of its logo's mail rendition (docs/product.md#the-owners-brand).
   */
  brand?: { name?: string; color?: string; logoKey?: string };
};

/** The brand a queued template names, its logo at the sending server's address. */
function mailBrandOf(sender: EntryMailSender, appUrl: string): MailBrand | undefined {
  const brand = sender.brand;
  if (!brand) return undefined;
  return {
    name: brand.name ?? null,
    color: brand.color ?? null,
    logoUrl: brand.logoKey ? `${appUrl}${mediaUrl(brand.logoKey)}` : null,
  };
}

/** The prize and the closing date, shown above an entrant's button. */
function contestFacts(sender: EntryMailSender): string[] {
  const ends = sender.endsAt ? new Date(sender.endsAt) : null;
  return [
    ...(sender.prize ? [`Prize: ${sender.prize}`] : []),
    ...(ends ? [`Entries close on ${formatContestDate(ends, sender.timeZone ?? 'UTC')}.`] : []),
  ];
}

/**
 * What every entrant's mail has in common: who it is from, what for, whom a reply reaches, and
 * the way to the entrant's own page (`pageUrl`).
 */
const entrantLayout = (to: string, sender: EntryMailSender, links: EntrantMailLinks) => {
  const brand = mailBrandOf(sender, links.appUrl);
  return {
    to,
    greetingName: null,
    facts: contestFacts(sender),
    entrantPageUrl: links.pageUrl,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    ...(brand ? { brand } : {}),
  };
};

function whyEntrantMail(sender: EntryMailSender): string {
  const organiser = sender.brand?.name ?? sender.ownerName;
  const whose = organiser ? `${organiser}'s giveaway` : 'a giveaway';
  return `You are receiving this because this address was entered in ${whose} "${sender.contestTitle}" on ${PRODUCT_NAME}, which sends this mail on the organiser's behalf.`;
}

/**
 * An entrant's mail as it is queued: what it will say, decided then (the contest's title and
 * owner at the entry's time, its links), in a few hundred bytes. It is rendered into text and
 * HTML only when sent: about 3 KB a mail written in the entry batch's transaction, under the
 * contest's lock, cost the entry path a third of its throughput (decision 038). `url` holds a
 * live confirmation token: the row keeps it no longer than it would keep the rendered body.
 */
export type EntryMailTemplate = {
  kind: 'entry-confirmation' | 'friend-confirmation' | 'entry-receipt';
  sender: EntryMailSender;
  url: string | null;
  referral: ReferralMailLinks | null;
};

const ENTRY_MAIL_SUBJECTS: Record<EntryMailTemplate['kind'], (contestTitle: string) => string> = {
  'entry-confirmation': (title) => `Confirm your entry: ${title}`,
  'friend-confirmation': (title) => `Confirm your email: ${title}`,
  'entry-receipt': (title) => `Your entry: ${title}`,
};

/** The subject alone, stored with the queued mail (the admin's list of failed mails shows it). */
export const entryMailSubject = (template: EntryMailTemplate) =>
  ENTRY_MAIL_SUBJECTS[template.kind](template.sender.contestTitle);

/**
 * The mail a queued template says, rendered when it is sent. The app's address comes from the
 * sending server, not the template: every entrant's mail links to their own page, those queued
 * before it existed too.
 */
export function renderEntryMail(to: string, template: EntryMailTemplate, appUrl: string): Mail {
  const { kind, sender, url, referral } = template;
  const site = { appUrl, pageUrl: entrantPageUrl(appUrl) };
  if (kind === 'entry-receipt' && referral) return entryReceiptMail(to, sender, referral, site);
  if (kind === 'friend-confirmation' && url && referral) {
    return friendConfirmationMail(to, sender, { ...site, url }, referral);
  }
  if (kind === 'entry-confirmation' && url) {
    return entryConfirmationMail(to, sender, { ...site, url }, referral ?? undefined);
  }
  throw new Error(`an entrant's ${kind} mail without the links it needs`);
}

/** The sending server's address and the entrant's own page there. */
type EntrantMailLinks = { appUrl: string; pageUrl: string };
/** ... and the mail's action. */
type EntrantActionLinks = EntrantMailLinks & { url: string };

/** Double opt-in: the entry counts once its entrant opens this link (docs/product.md#trusted-leads). */
function entryConfirmationMail(
  to: string,
  sender: EntryMailSender,
  { url, ...site }: EntrantActionLinks,
  referral?: ReferralMailLinks,
): Mail {
  return renderMail({
    ...entrantLayout(to, sender, site),
    subject: ENTRY_MAIL_SUBJECTS['entry-confirmation'](sender.contestTitle),
    paragraphs: [
      `Thanks for entering "${sender.contestTitle}". Please confirm your email address so that your entry counts: until then it is not in the draw.`,
      'The link opens a page with a "Confirm my entry" button. It works once and expires in 48 hours; an unconfirmed entry is then removed.',
      ...(referral ? referralParagraphs(referral) : []),
    ],
    action: { label: 'Confirm my entry', url },
    footnote: `${whyEntrantMail(sender)} If it was not you, ignore this email: nothing will be entered in your name, and you will not hear from us about it again.`,
  });
}

/**
 * A friend who entered through someone's link, on a contest without double opt-in: in the draw
 * already, asked to prove their address so that the friend who shared the link gets the bonus.
 */
function friendConfirmationMail(
  to: string,
  sender: EntryMailSender,
  { url, ...site }: EntrantActionLinks,
  referral: ReferralMailLinks,
): Mail {
  return renderMail({
    ...entrantLayout(to, sender, site),
    subject: ENTRY_MAIL_SUBJECTS['friend-confirmation'](sender.contestTitle),
    paragraphs: [
      `Thanks for entering "${sender.contestTitle}": you are in the draw.`,
      "You came through a friend's link. Please confirm your email address so that they get their bonus entries for bringing you: a friend only counts once their address is confirmed.",
      'The link opens a page with a "Confirm my entry" button. It works once and expires in 48 hours; your own entry stays either way.',
      ...referralParagraphs(referral),
    ],
    action: { label: 'Confirm my email', url },
    footnote: `${whyEntrantMail(sender)} If it was not you, ignore this email: nobody gets a bonus for it.`,
  });
}

/** A contest with referrals, without double opt-in: the entrant's link and status page. */
function entryReceiptMail(
  to: string,
  sender: EntryMailSender,
  referral: ReferralMailLinks,
  site: EntrantMailLinks,
): Mail {
  return renderMail({
    ...entrantLayout(to, sender, site),
    subject: ENTRY_MAIL_SUBJECTS['entry-receipt'](sender.contestTitle),
    paragraphs: [
      `Thanks for entering "${sender.contestTitle}": you are in.`,
      ...referralParagraphs(referral),
    ],
    action: { label: 'See my entries', url: referral.statusUrl },
    footnote: `${whyEntrantMail(sender)} If it was not you, ignore this email.`,
  });
}
