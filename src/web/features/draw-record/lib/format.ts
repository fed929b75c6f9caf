import { formatCount } from '#web/lib/format-count.ts';

/** One number format for every figure of the record page and its checks ("12,345"). */
export const formatNumber = formatCount;

/** "1 entry", "12,345 entries". */
export const countOf = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;
