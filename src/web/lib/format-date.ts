/** A date and time in the reader's own locale and zone, e.g. "Nov 21, 2026, 2:39 PM". */
export function formatDateTime(value: string | Date, dateStyle: 'medium' | 'long' = 'medium') {
  return new Date(value).toLocaleString(undefined, { dateStyle, timeStyle: 'short' });
}

/** A date alone in the reader's own locale, e.g. "Nov 21, 2026". */
export function formatDate(value: string | Date) {
  return new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
