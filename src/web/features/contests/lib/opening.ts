import { formatContestDate } from '#shared/contest-date.ts';

type Schedule = { startDate: string | null; timeZone: string };

/** The start, when it is still ahead: the contest is published but takes no entries yet. */
export function opensLater(contest: Schedule, now = Date.now()): boolean {
  return contest.startDate !== null && new Date(contest.startDate).getTime() > now;
}

/** "Mon 30 Nov, 14:05 CET": a start short enough for a card, in the contest's zone. */
export function formatOpensShort(startDate: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(startDate));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** What publishing did: entries open now, or on the start the owner set. */
export function publishedText(contest: Schedule, now = Date.now()): string {
  return contest.startDate && opensLater(contest, now)
    ? `Your contest is published and opens ${formatContestDate(contest.startDate, contest.timeZone)}.`
    : 'Your contest is live and taking entries.';
}
