import { describe, expect, it } from 'vitest';
import { maskEmail } from './hide-emails.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('dana.park@gmail.com')).toBe('d…@gmail.com');
    expect(maskEmail('x@example.org')).toBe('x…@example.org');
  });

  it('hides all but the first letter of a value without a domain', () => {
    expect(maskEmail('not-an-address')).toBe('n…');
    expect(maskEmail('')).toBe('…');
  });
});
