import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { brandOverrideToForm } from '#shared/contracts/brand-form.ts';
import { createContestForm, type ContestFormValues } from '#shared/contracts/contest-form.ts';
import { formFieldOfPath, rulesErrorsOnFields } from './rules-errors.ts';

const valid: ContestFormValues = {
  title: 'Summer Shred',
  description: 'Twelve weeks.',
  prizeDetails: 'Coaching',
  prizeValue: '',
  endDate: '2099-01-10T12:00',
  maxEntries: '',
  confirmationMessage: '',
  winnersCount: '1',
  requireConfirmation: false,
  referralBonus: '0',
  referralCap: '10',
  showLeaderboard: false,
  notifyWinners: true,
  claimWindow: '72',
  claimWindowUnit: 'hours',
  prizeDelivery: 'digital',
  startDate: '',
  timeZone: 'Europe/Madrid',
  hasRules: true,
  sponsorName: '',
  sponsorContact: '',
  minAge: '18',
  allowedCountries: ['ES', 'PT'],
  excludedRegions: '',
  employeesExcluded: false,
  prizeRetailValue: '',
  additionalTerms: '',
  consentText: '',
  slug: '',
  brand: brandOverrideToForm(null),
};

const resolve = (values: ContestFormValues) =>
  rulesErrorsOnFields(
    zodResolver(createContestForm as never) as unknown as Resolver<ContestFormValues>,
  )(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the contest form's rules errors", () => {
  it("maps the server's paths to the form's fields", () => {
    expect(formFieldOfPath('rules.sponsorName')).toBe('sponsorName');
    expect(formFieldOfPath('rules.allowedCountries.0')).toBe('allowedCountries');
    expect(formFieldOfPath('rules')).toBe('hasRules');
    expect(formFieldOfPath('claimWindowMinutes')).toBe('claimWindow');
    expect(formFieldOfPath('startDate')).toBe('startDate');
  });

  it("puts the contract's messages on the rules' own fields", async () => {
    const { errors } = await resolve(valid);
    expect(errors).toEqual({
      sponsorName: { type: 'custom', message: 'Sponsor name is required' },
      sponsorContact: { type: 'custom', message: 'Sponsor contact is required' },
    });
  });

  it("takes the first error of a country list's items", async () => {
    const { errors } = await resolve({
      ...valid,
      sponsorName: 'Coach Ana',
      sponsorContact: 'ana@example.com',
      allowedCountries: ['ES', 'XX'],
    });
    expect(Object.keys(errors)).toEqual(['allowedCountries']);
    expect(errors.allowedCountries?.message).toMatch(/^Countries must be/);
  });

  it('leaves a valid form and one without rules alone', async () => {
    const ok = { ...valid, sponsorName: 'Coach Ana', sponsorContact: 'ana@example.com' };
    expect((await resolve(ok)).errors).toEqual({});
    expect((await resolve({ ...valid, hasRules: false })).errors).toEqual({});
  });

  it('shows a start after the end on the start date', async () => {
    const { errors } = await resolve({
      ...valid,
      hasRules: false,
      startDate: '2099-01-11T12:00',
    });
    expect(errors).toMatchObject({
      startDate: { message: 'Start date must be before the end date' },
    });
  });
});
