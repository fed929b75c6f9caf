import { describe, expect, it } from 'vitest';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { entryPageStatusOf } from './entry-page-status.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const contest = (overrides: Partial<PublicContest> & { status?: string } = {}) =>
  ({
    isActive: true,
    isPublished: true,
    endDate: '2026-12-05T12:00:00Z',
    frozenAt: null,
    ...overrides,
  }) as PublicContest & { status?: string };

describe('the entry page reads where a contest stands', () => {
  it('takes the server’s status when it sends one', () => {
    expect(entryPageStatusOf(contest({ status: 'drawn' }), NOW)).toBe('drawn');
    expect(entryPageStatusOf(contest({ status: 'scheduled' }), NOW)).toBe('scheduled');
  });

  it('derives it from the fields otherwise', () => {
    expect(entryPageStatusOf(contest(), NOW)).toBe('open');
    expect(entryPageStatusOf(contest({ isPublished: false }), NOW)).toBe('draft');
    expect(entryPageStatusOf(contest({ isActive: false }), NOW)).toBe('paused');
    expect(entryPageStatusOf(contest({ endDate: '2026-11-01T00:00:00Z' }), NOW)).toBe('ended');
    // The first draw closes entries for good, a week before the end date.
    expect(entryPageStatusOf(contest({ frozenAt: '2026-11-28T11:00:00Z' }), NOW)).toBe('drawn');
  });

  it('ignores a status it does not know', () => {
    expect(entryPageStatusOf(contest({ status: 'archived' }), NOW)).toBe('open');
  });
});
