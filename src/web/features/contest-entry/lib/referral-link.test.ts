import { describe, expect, it } from 'vitest';
import { referralCodeIn, withoutInvalidReferral } from './referral-link.ts';

const CODE = '0123456789abcdef';
describe('referralCodeIn', () => {
  it('reads a code from the query string', () => {
    expect(referralCodeIn(`?ref=${CODE}`)).toBe(CODE);
    expect(referralCodeIn(`?utm_source=chat&ref=${CODE}`)).toBe(CODE);
  });

  it('takes nothing that is not a code', () => {
    expect(referralCodeIn('')).toBeNull();
    expect(referralCodeIn('?ref=')).toBeNull();
    expect(referralCodeIn('?ref=not-a-code')).toBeNull();
    expect(referralCodeIn(`?ref=${CODE.toUpperCase()}`)).toBeNull();
    expect(referralCodeIn(`?ref=${CODE}%20`)).toBeNull();
    expect(referralCodeIn(`?REF=${CODE}`)).toBeNull();
  });
});

describe('withoutInvalidReferral', () => {
  const page = 'https://prizewheel.example/c/8c1f0c8e-5f4b-4d0e-9d1a-3b7a2f0c9e11';

  it('leaves an address without a ref, or with a code, alone', () => {
    expect(withoutInvalidReferral(page)).toBeNull();
    expect(withoutInvalidReferral(`${page}?utm_source=chat`)).toBeNull();
    expect(withoutInvalidReferral(`${page}?ref=${CODE}`)).toBeNull();
  });

  it('drops a ref that is not a code and keeps the rest of the address', () => {
    expect(withoutInvalidReferral(`${page}?ref=oops`)).toBe(page);
    expect(withoutInvalidReferral(`${page}?ref=`)).toBe(page);
    expect(withoutInvalidReferral(`${page}?utm_source=chat&ref=%3Cscript%3E#rules`)).toBe(
      `${page}?utm_source=chat#rules`,
    );
  });
});
