const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (value: number, unit: string) => `${value} more ${unit}${value === 1 ? '' : 's'}`;

/**
 * How long entries stay open, in the largest unit that fits: "8 more days", "5 more hours",
 * "12 more minutes" (whole units; the last minute reads as one). For the warning before an early draw.
 */
export function entriesOpenFor(endDate: string, now = Date.now()): string {
  const left = new Date(endDate).getTime() - now;
  if (left >= DAY) return count(Math.floor(left / DAY), 'day');
  if (left >= HOUR) return count(Math.floor(left / HOUR), 'hour');
  return count(Math.max(1, Math.floor(left / MINUTE)), 'minute');
}
