import { describe, expect, it } from 'vitest';
import { waitInWords } from './wait-in-words.ts';

describe('waitInWords', () => {
  it('says when nothing waits', () => {
    expect(waitInWords(null)).toBe('none waiting');
  });

  it('says a wait under a minute without counting seconds', () => {
    expect(waitInWords(0)).toBe('less than a minute');
    expect(waitInWords(59.9)).toBe('less than a minute');
    expect(waitInWords(-3)).toBe('less than a minute');
  });

  it('counts whole minutes, hours and days, the two largest units, rounded down', () => {
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(150)).toBe('2 minutes');
    expect(waitInWords(3599)).toBe('59 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3600 + 5 * 60 + 59)).toBe('1 hour 5 minutes');
    expect(waitInWords(2 * 3600 + 60)).toBe('2 hours 1 minute');
    expect(waitInWords(86_399)).toBe('23 hours 59 minutes');
    expect(waitInWords(86_400)).toBe('1 day');
    expect(waitInWords(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3 days 4 hours');
    expect(waitInWords(2 * 86_400 + 3600)).toBe('2 days 1 hour');
  });
});
