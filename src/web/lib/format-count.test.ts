import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('groups as en-US does, for every magnitude and sign', () => {
    const values = [0, 1, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789];
    for (const value of [
      ...values,
      ...values.filter(Boolean).map((v) => -v),
      Number.MAX_SAFE_INTEGER,
    ])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves what is not a whole number to Intl', () => {
    for (const value of [1234.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });
});
