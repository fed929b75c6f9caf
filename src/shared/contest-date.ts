/**
 * Dates as entrants read them, in the contest's own zone (docs/product.md#rules-schedule-and-consent).
 * A module of its own: the entry page's first script does not need it.
 */

/** A date as entrants read it: "Monday, 30 November 2026 at 14:05 CET" in the contest's zone. */
export function formatContestDate(instant: Date | string, timeZone: string): string {
  const date = new Date(instant);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}
