import { describe, expect, it } from 'vitest';
import { signupBody } from './auth.ts';
import { isPlainText } from './plain-text.ts';

describe('plain text (names of accounts and entrants)', () => {
  it('refuses every control character and each bidirectional embedding, override and isolate', () => {
    const refused = [
      ...range(0x00, 0x1f),
      ...range(0x7f, 0x9f),
      ...range(0x202a, 0x202e),
      ...range(0x2066, 0x2069),
    ];
    expect(refused.filter((character) => isPlainText(`a${character}b`))).toEqual([]);
  });

  it('accepts the characters around those ranges and the marks that only hint at direction', () => {
    const neighbours = [0x20, 0x7e, 0xa0, 0x200e, 0x200f, 0x2029, 0x202f, 0x2065, 0x206a];
    const accepted = neighbours.map((code) => String.fromCodePoint(code));
    expect(accepted.filter((character) => !isPlainText(`a${character}b`))).toEqual([]);
  });

  it('is the rule of account names too, with the same message', () => {
    const result = signupBody.safeParse({
      email: 'maya@example.com',
      password: 'correct-horse-42',
      firstName: 'Maya \u202Egnp.exe',
      lastName: 'Chen\u0085',
    });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({
      firstName: ['First name cannot contain control or text-direction characters.'],
      lastName: ['Last name cannot contain control or text-direction characters.'],
    });
  });
});

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));
}
