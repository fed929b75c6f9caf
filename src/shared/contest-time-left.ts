/**
 * Time left as the owner's cards say it (docs/product.md#times-refreshes-and-constants). Apart
 * from contest-time.ts, which the entry page's first script loads.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Ended', 'Nd Nh left', 'Nh left' or 'Nm left' (contest cards). */
export function formatTimeLeft(endDate: string | Date, now = Date.now()): string {
  const left = new Date(endDate).getTime() - now;
  if (left <= 0) return 'Ended';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h left`;
  return `${Math.floor(left / MINUTE)}m left`;
}

/** Days and hours, hours only, or 'Ended' (dashboard card). */
export function formatTimeLeftShort(endDate: string | Date, now = Date.now()): string {
  const left = new Date(endDate).getTime() - now;
  if (left <= 0) return 'Ended';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  return days > 0 ? `${days}d ${hours}h` : `${hours}h`;
}
