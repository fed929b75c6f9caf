import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain, hiding the rest behind an ellipsis', () => {
    expect(maskEmail('dana.smith@gmail.com')).toBe('d…@gmail.com');
    expect(maskEmail('Z@example.org')).toBe('Z…@example.org');
  });

  it('keeps a surrogate pair whole and trims what was typed around the address', () => {
    expect(maskEmail('  😀fan@example.com ')).toBe('😀…@example.com');
  });

  it('splits at the last @ (a quoted local part may hold one)', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"…@example.com');
  });

  it('hides all but the first letter of a value without a domain', () => {
    expect(maskEmail('not-an-address')).toBe('n…');
    expect(maskEmail('')).toBe('…');
  });
});
