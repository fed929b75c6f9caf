import { describe, expect, it } from 'vitest';
import { entriesOpenFor } from './open-entries.ts';

const now = Date.parse('2026-11-28T12:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('how long entries stay open, in plain words', () => {
  it.each([
    [8 * DAY + 4 * HOUR, '8 more days'],
    [DAY + 23 * HOUR, '1 more day'],
    [23 * HOUR + 59 * MINUTE, '23 more hours'],
    [HOUR, '1 more hour'],
    [59 * MINUTE + 30_000, '59 more minutes'],
    [2 * MINUTE, '2 more minutes'],
    [10_000, '1 more minute'],
  ])('%d ms left reads "%s"', (left, words) => {
    expect(entriesOpenFor(inMs(left), now)).toBe(words);
  });
});
