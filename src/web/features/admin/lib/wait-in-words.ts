const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/**
 * How long the oldest waiting mail has waited, as the Mail tab says it: "none waiting",
 * "less than a minute", "2 minutes", "1 hour 5 minutes", "3 days 4 hours". Whole units, rounded
 * down, the two largest at most.
 */
export function waitInWords(seconds: number | null): string {
  if (seconds === null) return 'none waiting';
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < MINUTE) return 'less than a minute';
  if (whole < HOUR) return count(Math.floor(whole / MINUTE), 'minute');
  const [big, small, bigUnit, smallUnit] =
    whole < DAY
      ? [Math.floor(whole / HOUR), Math.floor((whole % HOUR) / MINUTE), 'hour', 'minute']
      : [Math.floor(whole / DAY), Math.floor((whole % DAY) / HOUR), 'day', 'hour'];
  return small === 0 ? count(big, bigUnit) : `${count(big, bigUnit)} ${count(small, smallUnit)}`;
}
