import { describe, expect, it } from 'vitest';
import { formatContestDate } from './contest-date.ts';

describe('dates as entrants read them', () => {
  it.each([
    ['2026-11-30T14:05:00Z', 'UTC', 'Monday, 30 November 2026 at 14:05 UTC'],
    ['2026-11-30T14:05:00Z', 'Europe/Madrid', 'Monday, 30 November 2026 at 15:05 CET'],
    ['2099-06-01T08:00:00Z', 'Europe/Madrid', 'Monday, 1 June 2099 at 10:00 CEST'],
    ['2026-11-30T23:30:00Z', 'Asia/Tokyo', 'Tuesday, 1 December 2026 at 08:30 GMT+9'],
  ])('writes %s in %s as "%s"', (instant, zone, text) => {
    expect(formatContestDate(instant, zone)).toBe(text);
  });
});
