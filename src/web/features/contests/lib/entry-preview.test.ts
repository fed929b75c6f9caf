import { describe, expect, it } from 'vitest';
import { emptyBrandOverrideForm } from '#shared/contracts/brand-form.ts';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { REFERRAL_CAP_DEFAULT } from '#shared/contracts/referrals.ts';
import { emptyContestForm } from '../components/contest-form.tsx';
import { previewBrand, previewContest, previewPlaceholders } from './entry-preview.ts';

const now = new Date('2026-06-01T10:00:00Z');

const values = (changes: Partial<ContestFormValues> = {}): ContestFormValues => ({
  ...emptyContestForm,
  ...changes,
});

describe('the live preview’s contest', () => {
  it('shows what each empty field asks for, and no cover', () => {
    const contest = previewContest(values(), null, now);
    expect(contest).toMatchObject({
      id: '',
      title: previewPlaceholders.title,
      prizeDetails: previewPlaceholders.prizeDetails,
      description: previewPlaceholders.description,
      prizeValue: null,
      winnersCount: 1,
      endDate: now.toISOString(),
      images: { cover: null, logo: null },
      rules: null,
      consentText: '',
    });
  });

  it('shows the form as typed, with the cover chosen', () => {
    const cover = { url: 'blob:x', width: 1600, height: 900, renditions: [] };
    const contest = previewContest(
      values({
        title: 'Bike Giveaway',
        prizeDetails: 'A bike',
        prizeValue: '$600',
        endDate: '2026-06-08T18:30',
        winnersCount: '3',
        referralBonus: '2',
        referralCap: '20',
        consentText: 'Send me tips',
      }),
      cover,
      now,
    );
    expect(contest).toMatchObject({
      title: 'Bike Giveaway',
      prizeValue: '$600',
      winnersCount: 3,
      referralBonus: 2,
      referralCap: 20,
      consentText: 'Send me tips',
      images: { cover, logo: null },
    });
    expect(contest.endDate).toBe(new Date('2026-06-08T18:30').toISOString());
  });

  it('shows a value the form would refuse as its default, never failing while the owner types', () => {
    const contest = previewContest(
      values({ endDate: 'not a date', winnersCount: 'x', referralBonus: '-1', referralCap: 'y' }),
      null,
      now,
    );
    expect(contest).toMatchObject({
      endDate: now.toISOString(),
      winnersCount: 1,
      referralBonus: 0,
      referralCap: REFERRAL_CAP_DEFAULT,
    });
  });
});

describe('the live preview’s brand', () => {
  const account = {
    brandName: 'Coach Ana Fitness',
    brandColor: '#0f766e',
    callToAction: null,
    showEntryCount: null,
    logo: { url: '/media/logo.webp', width: 256, height: 256 },
  };

  it("shows the account's brand while the contest has none of its own", () => {
    expect(previewBrand(emptyBrandOverrideForm, account, null)).toMatchObject({
      name: 'Coach Ana Fitness',
      color: '#0f766e',
      textColor: '#ffffff',
      logo: { url: '/media/logo.webp', renditions: [] },
      showEntryCount: true,
    });
  });

  it("shows the contest's own fields once whole, the account's while half typed", () => {
    const typing = { ...emptyBrandOverrideForm, ownColor: true, brandColor: '#fde0' };
    expect(previewBrand(typing, account, null).color).toBe('#0f766e');
    const own = { ...typing, brandColor: '#FDE047', ownName: true, brandName: 'Ana Summer' };
    expect(previewBrand(own, account, null)).toMatchObject({
      name: 'Ana Summer',
      color: '#fde047',
      textColor: '#18181b',
    });
  });

  it('looks as the platform without any brand', () => {
    expect(previewBrand(emptyBrandOverrideForm, undefined, null)).toEqual({
      name: null,
      color: null,
      textColor: null,
      logo: null,
      callToAction: null,
      showEntryCount: true,
    });
  });
});
