/**
 * A whole number with en-US grouping ("12,345"), the same in the server's rendering and the
 * browser's. Written out rather than `toLocaleString('en-US')`: the first Intl call of a page
 * loads the locale's data, which on the entry page was the longest task of hydration on a slow
 * phone (docs/decisions/022-entry-page-bytes.md).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
