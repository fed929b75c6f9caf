import { describe, expect, it } from 'vitest';
import { parseStoredReferral } from './entry-memory.ts';

const link = {
  code: '0123456789abcdef',
  url: 'https://prizewheel.example/c/8c1f0c8e?ref=0123456789abcdef',
  statusUrl: 'https://prizewheel.example/c/8c1f0c8e/status/01a2?token=abc',
};

describe('parseStoredReferral', () => {
  it('gives back the link as it was remembered', () => {
    expect(parseStoredReferral(JSON.stringify(link))).toEqual(link);
    expect(parseStoredReferral(JSON.stringify({ ...link, extra: 1 }))).toEqual(link);
  });

  it('takes nothing that is not a remembered link', () => {
    expect(parseStoredReferral(null)).toBeNull();
    expect(parseStoredReferral('')).toBeNull();
    expect(parseStoredReferral('not json')).toBeNull();
    expect(parseStoredReferral('null')).toBeNull();
    expect(parseStoredReferral('[]')).toBeNull();
    expect(parseStoredReferral(JSON.stringify({ ...link, code: 7 }))).toBeNull();
    expect(parseStoredReferral(JSON.stringify({ ...link, statusUrl: undefined }))).toBeNull();
  });

  it('follows only web addresses', () => {
    expect(
      parseStoredReferral(JSON.stringify({ ...link, statusUrl: 'javascript:alert(1)' })),
    ).toBeNull();
    expect(
      parseStoredReferral(JSON.stringify({ ...link, url: '//elsewhere.example/' })),
    ).toBeNull();
  });
});
