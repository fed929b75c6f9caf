/**
 * Dates as entrants read them, in the contest's own zone (docs/product.md#rules-schedule-and-consent).
 * A module of its own: the entry page's first script does not need it.
 */

/**
 * One formatter per zone, made when first asked for: making one costs far more than formatting
 * with it, and the mail worker writes a date into every entrant mail it sends.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A date as entrants read it: "Monday, 30 November 2026 at 14:05 CET" in the contest's zone. */
export function formatContestDate(instant: Date | string, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}
