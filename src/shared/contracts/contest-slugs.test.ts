import { describe, expect, it } from 'vitest';
import { contestPagePath, contestSlug, isSlugShaped, slugMessages } from './contest-slugs.ts';

describe('the short link contract', () => {
  it('takes lower-case words joined by single hyphens, and clears on blank or null', () => {
    expect(contestSlug.parse('summer-glow-2026')).toBe('summer-glow-2026');
    expect(contestSlug.parse('  spa  ')).toBe('spa');
    expect(contestSlug.parse('')).toBeNull();
    expect(contestSlug.parse(null)).toBeNull();
  });

  it('refuses upper case instead of folding it', () => {
    const result = contestSlug.safeParse('Summer');
    expect(result.error?.issues[0]?.message).toBe(slugMessages.characters);
  });

  it('looks up only what could be a slug', () => {
    expect(isSlugShaped('summer-glow')).toBe(true);
    expect(isSlugShaped('Summer')).toBe(false);
    expect(isSlugShaped('x'.repeat(41))).toBe(false);
  });

  it('addresses a contest by its slug when it has one', () => {
    expect(contestPagePath({ id: 'abc', slug: null })).toBe('/c/abc');
    expect(contestPagePath({ id: 'abc', slug: 'summer-glow' })).toBe('/c/summer-glow');
  });
});
