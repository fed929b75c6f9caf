import { describe, expect, it } from 'vitest';
import {
  accountBrandBody,
  applyBrandChange,
  brandMessages,
  brandTextColor,
  contrastRatio,
  resolveContestBrand,
} from './brand.ts';

describe('the brand colour', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6d28d9', '#ffffff')).toBeGreaterThan(7);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('carries white on a dark colour, near-black on a light one, and neither on a mid tone', () => {
    expect(brandTextColor('#0f766e')).toBe('#ffffff');
    expect(brandTextColor('#fde047')).toBe('#18181b');
    expect(brandTextColor('#808080')).toBeNull();
  });

  it('refuses a mid tone and a colour that is not #rrggbb, with their messages', () => {
    const colorError = (brandColor: string) =>
      accountBrandBody.safeParse({ brandColor }).error?.issues[0]?.message;
    expect(colorError('#808080')).toBe(brandMessages.colorContrast);
    expect(colorError('teal')).toBe(brandMessages.colorFormat);
    expect(colorError('#0F766E')).toBeUndefined();
    expect(accountBrandBody.parse({ brandColor: '#0F766E' }).brandColor).toBe('#0f766e');
  });
});

describe('the brand fields', () => {
  it('take a business name of 1 to 60 plain characters', () => {
    expect(accountBrandBody.safeParse({ brandName: 'a'.repeat(60) }).success).toBe(true);
    expect(accountBrandBody.safeParse({ brandName: 'a'.repeat(61) }).success).toBe(false);
    expect(accountBrandBody.safeParse({ brandName: '  ' }).success).toBe(false);
    expect(accountBrandBody.safeParse({ brandName: 'Ana\u202Egnp' }).success).toBe(false);
  });

  it('take a call to action to an https address only', () => {
    const ok = (url: string) =>
      accountBrandBody.safeParse({ callToAction: { label: 'Book a free session', url } }).success;
    expect(ok('https://coach-ana.example/book')).toBe(true);
    expect(ok('http://coach-ana.example/book')).toBe(false);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('https://')).toBe(false);
    expect(
      accountBrandBody.safeParse({
        callToAction: { label: 'x'.repeat(31), url: 'https://a.example' },
      }).success,
    ).toBe(false);
  });

  it('keep a field left out, clear one sent as null', () => {
    const stored = { brandName: 'Ana', brandColor: '#0f766e' };
    expect(applyBrandChange(stored, { brandColor: null, showEntryCount: false })).toEqual({
      brandName: 'Ana',
      showEntryCount: false,
    });
  });

  it("show the contest's own fields over the account's, and the platform's look without either", () => {
    expect(resolveContestBrand({}, {}, undefined)).toEqual({
      name: null,
      color: null,
      textColor: null,
      logo: null,
      callToAction: null,
      showEntryCount: true,
    });
    const account = { brandName: 'Ana', brandColor: '#0f766e', showEntryCount: false };
    expect(resolveContestBrand({ brandColor: '#fde047' }, account, undefined)).toMatchObject({
      name: 'Ana',
      color: '#fde047',
      textColor: '#18181b',
      showEntryCount: false,
    });
  });
});
