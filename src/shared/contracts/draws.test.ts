import { describe, expect, it } from 'vitest';
import { disqualifyBody } from './draws.ts';

/** The disqualification's body, as the route and the dialog's form both check it. */
describe('disqualifyBody', () => {
  const messageOf = (body: unknown, field: 'p' | 'reason') => {
    const result = disqualifyBody.safeParse(body);
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };

  it('needs p, a whole number of at least 0', () => {
    for (const p of [undefined, null, '1', 1.5, -1, Number.NaN]) {
      expect(messageOf({ p, reason: 'fine' }, 'p'), String(p)).toBe(
        'Name the winner to disqualify',
      );
    }
    expect(disqualifyBody.parse({ p: 0, reason: 'fine' })).toEqual({ p: 0, reason: 'fine' });
  });

  it('refuses every compatibility form of "@" with the message of an ASCII one', () => {
    const ascii = messageOf({ p: 1, reason: 'a@b' }, 'reason');
    expect(ascii).toMatch(/e-mail addresses/);
    // The full-width and the small commercial at: the two that NFKC folds into "@".
    for (const at of ['\uFF20', '\uFE6B']) {
      expect(messageOf({ p: 1, reason: `a${at}b` }, 'reason'), at).toBe(ascii);
    }
  });

  it('answers the reason as NFKC, trimmed', () => {
    expect(disqualifyBody.parse({ p: 2, reason: ' \uFB01ne\uFF1A ok ' })).toEqual({
      p: 2,
      reason: 'fine: ok',
    });
  });
});
