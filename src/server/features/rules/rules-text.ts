import type { Contest } from '#server/db/schema.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import type { PrizeDelivery } from '#shared/contracts/claims.ts';
import { claimWindowToForm } from '#shared/contracts/contest-form.ts';
import { countryName } from '#shared/country-name.ts';

/** The contest's fields the official rules are written from (docs/product.md#official-rules). */
export type RulesTextContest = Pick<
  Contest,
  | 'id'
  | 'title'
  | 'prizeDetails'
  | 'prizeValue'
  | 'startDate'
  | 'publishedAt'
  | 'endDate'
  | 'timeZone'
  | 'winnersCount'
  | 'requireConfirmation'
  | 'referralBonus'
  | 'referralCap'
  | 'notifyWinners'
  | 'claimWindowMinutes'
  | 'prizeDelivery'
  | 'rules'
>;

type Section = { heading: string; paragraphs: string[] };

const countOf = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Owner-typed text as the rules carry it: LF line endings, no space at a line's end, at most one
 * blank line in a row. The text is hashed, so the same fields must always give the same bytes.
 */
function cleanText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A field that names something (a title, a sponsor) on one line. */
const oneLine = (value: string) => cleanText(value).replace(/\s*\n\s*/g, ' ');

function claimWindowWords(minutes: number): string {
  const { claimWindow, claimWindowUnit } = claimWindowToForm(minutes);
  const amount = Number(claimWindow);
  return countOf(amount, claimWindowUnit.replace(/s$/, ''), claimWindowUnit);
}

const deliveryWords: Record<PrizeDelivery, string> = {
  digital: 'The prize is delivered digitally, to the e-mail address the winner entered with.',
  shipping: 'The prize is shipped to the postal address the winner gives when claiming it.',
  pickup: 'The winner collects the prize from the Sponsor, who arranges it with them.',
};

function sponsorSection(rules: NonNullable<Contest['rules']>): Section {
  return {
    heading: 'Sponsor',
    paragraphs: [
      `This contest is run by ${oneLine(rules.sponsorName)} (the Sponsor).`,
      `Contact the Sponsor: ${oneLine(rules.sponsorContact)}`,
    ],
  };
}

function prizeSection(contest: RulesTextContest, rules: NonNullable<Contest['rules']>): Section {
  const value = oneLine(rules.prizeRetailValue) || oneLine(contest.prizeValue ?? '');
  return {
    heading: 'Prize',
    paragraphs: [
      cleanText(contest.prizeDetails),
      ...(value ? [`Approximate retail value: ${value}.`] : []),
      contest.winnersCount === 1
        ? 'Number of winners: 1.'
        : `Number of winners: ${contest.winnersCount}. Each winner receives the prize described above.`,
    ],
  };
}

function entryPeriodSection(contest: RulesTextContest): Section {
  const start = contest.startDate ?? contest.publishedAt;
  const opens = start
    ? `Entries open on ${formatContestDate(start, contest.timeZone)}`
    : 'Entries open when the contest is published';
  return {
    heading: 'Entry period',
    paragraphs: [
      `${opens} and close on ${formatContestDate(contest.endDate, contest.timeZone)}, or earlier if the Sponsor draws the winners before then: the first draw closes the contest to new entries for good.`,
    ],
  };
}

function howToEnterSection(contest: RulesTextContest, entryPageUrl: string): Section {
  return {
    heading: 'How to enter',
    paragraphs: [
      `Enter on the contest's page, ${entryPageUrl}, with your name and your e-mail address.`,
      'One entry per person and per e-mail address. Entries made with several addresses, or by automated means, may be disqualified.',
      ...(contest.requireConfirmation
        ? ['An entry counts once its e-mail address is confirmed with the link mailed to it.']
        : []),
      'No purchase or payment is necessary to enter or to win.',
    ],
  };
}

function eligibilitySection(rules: NonNullable<Contest['rules']>): Section {
  const countries = rules.allowedCountries.map((code) => `${countryName(code)} (${code})`);
  const excluded = oneLine(rules.excludedRegions);
  return {
    heading: 'Eligibility',
    paragraphs: [
      rules.minAge === null
        ? 'There is no minimum age to enter.'
        : `You must be at least ${rules.minAge} years old to enter.`,
      countries.length > 0
        ? `Open to residents of: ${countries.join(', ')}.`
        : 'Open to residents of every country.',
      ...(excluded ? [`Not open to residents of: ${excluded}.`] : []),
      ...(rules.employeesExcluded
        ? [
            'Employees of the Sponsor, their immediate families and anyone involved in running this contest may not enter.',
          ]
        : []),
      'Void where prohibited by law.',
    ],
  };
}

function bonusEntriesSection(contest: RulesTextContest): Section {
  return {
    heading: 'Bonus entries',
    paragraphs: [
      `After entering you get a personal link to share. Each friend who enters through it, and confirms their own e-mail address, gives you ${countOf(contest.referralBonus, 'bonus entry', 'bonus entries')}, up to ${countOf(contest.referralCap, 'bonus entry', 'bonus entries')} in all. A referral counts only for a friend who is a real, distinct person as far as the contest can tell.`,
      'Each bonus entry counts as one more entry in the draw.',
    ],
  };
}

function drawSection(contest: RulesTextContest, drawRecordUrl: string): Section {
  return {
    heading: 'How the winners are drawn',
    paragraphs: [
      `The ${contest.winnersCount === 1 ? 'winner is' : 'winners are'} drawn at random from the eligible entries. The random draw is committed in advance: when the contest is published, the fingerprint (SHA-256) of the secret seed that decides the draw is made public, and the draw reveals the seed.`,
      `The public draw record, ${drawRecordUrl}, lists the frozen entries (without names or e-mail addresses), the seed and every pick, so that anyone can check that the draw followed the commitment.`,
    ],
  };
}

function oddsSection(contest: RulesTextContest): Section {
  return {
    heading: 'Odds',
    paragraphs: [
      contest.referralBonus > 0
        ? 'The odds of winning depend on the number of eligible entries received, counting bonus entries: an entry with bonus entries is more likely to be drawn, in proportion to them.'
        : 'The odds of winning depend on the number of eligible entries received.',
    ],
  };
}

function winnersSection(contest: RulesTextContest): Section {
  if (!contest.notifyWinners) {
    return {
      heading: 'Winners',
      paragraphs: ['The Sponsor contacts each winner directly to arrange the prize.'],
    };
  }
  return {
    heading: 'Winners and claims',
    paragraphs: [
      `Each winner is told by e-mail, at the address they entered with, and has ${claimWindowWords(contest.claimWindowMinutes)} to claim the prize with the link in that e-mail. A prize that is declined or not claimed in time goes to the next entry drawn.`,
      deliveryWords[contest.prizeDelivery],
    ],
  };
}

function dataSection(appUrl: string): Section {
  return {
    heading: 'Your data',
    paragraphs: [
      'Your name and e-mail address are used to run this contest. A winner is shown in public by their first name and the initial of their last name only.',
      `To see the entries made with your e-mail address, or to erase your data, go to ${appUrl}/me.`,
    ],
  };
}

/**
 * The canonical plain text of a contest's official rules (docs/product.md#official-rules), or null
 * when the contest has none. Deterministic: the same fields give the same bytes (LF line endings,
 * no space at a line's end, one LF at the end), as the text's SHA-256 is published.
 */
export function rulesTextOf(contest: RulesTextContest, appUrl: string): string | null {
  const { rules } = contest;
  if (!rules) return null;
  const entryPageUrl = `${appUrl}/c/${contest.id}`;
  const additionalTerms = cleanText(rules.additionalTerms);
  const sections: Section[] = [
    sponsorSection(rules),
    prizeSection(contest, rules),
    entryPeriodSection(contest),
    howToEnterSection(contest, entryPageUrl),
    eligibilitySection(rules),
    ...(contest.referralBonus > 0 ? [bonusEntriesSection(contest)] : []),
    drawSection(contest, `${entryPageUrl}/draw`),
    oddsSection(contest),
    winnersSection(contest),
    dataSection(appUrl),
    ...(additionalTerms ? [{ heading: 'Additional terms', paragraphs: [additionalTerms] }] : []),
  ];
  const blocks = [
    `Official rules: ${oneLine(contest.title)}`,
    'NO PURCHASE NECESSARY TO ENTER OR WIN. A purchase does not improve your chances of winning.',
    ...sections.map(
      ({ heading, paragraphs }, index) =>
        `${index + 1}. ${heading}\n\n${paragraphs.filter(Boolean).join('\n\n')}`,
    ),
  ];
  return `${blocks.join('\n\n')}\n`;
}
