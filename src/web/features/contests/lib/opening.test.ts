import { describe, expect, it } from 'vitest';
import { formatOpensShort, opensLater, publishedText } from './opening.ts';

const now = Date.parse('2026-11-28T10:00:00Z');
const tomorrow = '2026-11-29T08:30:00Z';

describe("a contest's opening", () => {
  it('opens later only while its start is ahead', () => {
    expect(opensLater({ startDate: tomorrow, timeZone: 'UTC' }, now)).toBe(true);
    expect(opensLater({ startDate: '2026-11-27T10:00:00Z', timeZone: 'UTC' }, now)).toBe(false);
    expect(opensLater({ startDate: null, timeZone: 'UTC' }, now)).toBe(false);
  });

  it("reads short, in the contest's zone", () => {
    expect(formatOpensShort(tomorrow, 'Europe/Madrid')).toBe('Sun 29 Nov, 09:30 CET');
    expect(formatOpensShort(tomorrow, 'UTC')).toBe('Sun 29 Nov, 08:30 UTC');
  });

  it('tells the owner when a published contest opens', () => {
    expect(publishedText({ startDate: tomorrow, timeZone: 'Europe/Madrid' }, now)).toBe(
      'Your contest is published and opens Sunday, 29 November 2026 at 09:30 CET.',
    );
    expect(publishedText({ startDate: null, timeZone: 'UTC' }, now)).toBe(
      'Your contest is live and taking entries.',
    );
  });
});
