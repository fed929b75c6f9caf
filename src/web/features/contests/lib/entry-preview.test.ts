import { describe, expect, it } from 'vitest';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { REFERRAL_CAP_DEFAULT } from '#shared/contracts/referrals.ts';
import { emptyContestForm } from '../components/contest-form.tsx';
import { previewContest, previewPlaceholders } from './entry-preview.ts';

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
