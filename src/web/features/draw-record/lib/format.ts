import { formatCount } from '#web/lib/format-count.ts';

/** "1 entry", "12,345 entries", in the one number format of the record page and its checks. */
export const countOf = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
