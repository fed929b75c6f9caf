import { PRODUCT_NAME } from '#shared/constants.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import { ordinal } from '#shared/ordinal.ts';
import { renderMail, type MailBrand } from './layout.ts';
import type { Mail } from './transport.ts';

/** What a winner's notice says: whose giveaway, which place and prize, by when, and where. */
export type WinnerNotice = {
  to: string;
  contestTitle: string;
  ownerName: string | null;
  replyTo: string;
  position: number;
  winnersCount: number;
  prize: string;
  deadline: Date;
  /** The contest's zone, which the deadline is written in. */
  timeZone: string;
  claimUrl: string;
  recordUrl: string;
  /** The winner's own page, where they see or withdraw their entries. */
  pageUrl: string;
  /** Whose giveaway, as its page shows it (docs/product.md#the-owners-brand). */
  brand?: MailBrand;
};

const placeWords = (notice: Pick<WinnerNotice, 'position' | 'winnersCount'>) =>
  notice.winnersCount > 1 ? `${ordinal(notice.position)} place` : 'the prize';

/**
 * The winner's notice (and, with `isReminder`, its reminder): the subject the claims contract
 * fixes, the deadline as an absolute time, the claim link, the public record, and the sentence
 * that tells a genuine notice from a scam (docs/product.md#claims).
 */
export function winnerNoticeMail(notice: WinnerNotice, { isReminder = false } = {}): Mail {
  const organiser = notice.brand?.name ?? notice.ownerName;
  const whose = organiser ? `${organiser}'s giveaway` : 'the giveaway';
  return renderMail({
    to: notice.to,
    subject: isReminder
      ? `Reminder: claim your prize from ${notice.contestTitle}`
      : `You won: ${notice.contestTitle}`,
    greetingName: null,
    facts: [
      `Prize: ${notice.prize}`,
      `Claim by ${formatContestDate(notice.deadline, notice.timeZone)}.`,
    ],
    paragraphs: [
      isReminder
        ? `You won ${placeWords(notice)} in "${notice.contestTitle}" and have not claimed it yet. The time to claim ends soon: after it, the prize goes to the next entry drawn.`
        : `Congratulations! You won ${placeWords(notice)} in ${whose} "${notice.contestTitle}". Claim it with the button above before the time runs out: after it, the prize goes to the next entry drawn.`,
      {
        before: 'Anyone can check how the winners were drawn.',
        label: 'See the public draw record',
        url: notice.recordUrl,
      },
      'A genuine prize notice never asks you for money, card details or a password. If someone does, it is not from us or the organiser.',
    ],
    action: { label: 'Claim my prize', url: notice.claimUrl },
    footnote: `You are receiving this because this address entered "${notice.contestTitle}" on ${PRODUCT_NAME}, which sends this mail on the organiser's behalf. A reply reaches the organiser.`,
    entrantPageUrl: notice.pageUrl,
    replyTo: notice.replyTo,
    ...(notice.brand && { brand: notice.brand }),
  });
}

/** What became of a place, for its owner. */
export type ClaimUpdate = {
  to: string;
  ownerFirstName: string | null;
  contestTitle: string;
  position: number;
  winnersCount: number;
  winnerName: string;
  outcome: 'claimed' | 'declined' | 'expired';
  /** The next pick who took the place, or null when no entry was left (declined, expired). */
  replacementName: string | null;
  dashboardUrl: string;
};

const outcomeSubjects: Record<ClaimUpdate['outcome'], string> = {
  claimed: 'Prize claimed',
  declined: 'Prize declined',
  expired: 'Prize not claimed in time',
};

/** The owner hears of every claim, decline and expiry, and who takes a lost place. */
export function claimUpdateMail(update: ClaimUpdate): Mail {
  const place = update.winnersCount > 1 ? `the ${ordinal(update.position)} place` : 'the prize';
  const happened = {
    claimed: `${update.winnerName} claimed ${place} of "${update.contestTitle}". Their details are on your dashboard.`,
    declined: `${update.winnerName} declined ${place} of "${update.contestTitle}".`,
    expired: `${update.winnerName} did not claim ${place} of "${update.contestTitle}" in time.`,
  }[update.outcome];
  const next =
    update.outcome === 'claimed'
      ? []
      : [
          update.replacementName
            ? `The next entry drawn, ${update.replacementName}, takes the place and has been notified.`
            : 'No entry is left to take the place, so it stays empty.',
        ];
  return renderMail({
    to: update.to,
    subject: `${outcomeSubjects[update.outcome]}: ${update.contestTitle}`,
    greetingName: update.ownerFirstName,
    paragraphs: [happened, ...next],
    action: { label: 'Open the dashboard', url: update.dashboardUrl },
    footnote: `You are receiving this because you run "${update.contestTitle}" on ${PRODUCT_NAME}.`,
  });
}
