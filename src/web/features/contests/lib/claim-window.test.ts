import { describe, expect, it } from 'vitest';
import { brandOverrideToForm } from '#shared/contracts/brand-form.ts';
import {
  claimWindowFromForm,
  claimWindowToForm,
  contestFormToBody,
  type ContestFormValues,
} from '#shared/contracts/contest-form.ts';
import { emptyRulesForm } from '../components/rules-fields.tsx';
import { claimWindowError } from './claim-window.ts';

describe('the time to claim in the contest form', () => {
  it('counts the amount in its unit, to the minute', () => {
    expect(claimWindowFromForm('72', 'hours')).toBe(4320);
    expect(claimWindowFromForm(' 30 ', 'days')).toBe(43_200);
    expect(claimWindowFromForm('1.1', 'hours')).toBe(66);
    expect(claimWindowFromForm('0.5', 'minutes')).toBe(0.5);
    expect(claimWindowFromForm('', 'minutes')).toBeNaN();
    expect(claimWindowFromForm('soon', 'days')).toBeNaN();
  });

  it('shows a saved window in hours up to 3 days, in whole days beyond, else in minutes', () => {
    expect(claimWindowToForm(4320)).toEqual({ claimWindow: '72', claimWindowUnit: 'hours' });
    expect(claimWindowToForm(1440)).toEqual({ claimWindow: '24', claimWindowUnit: 'hours' });
    expect(claimWindowToForm(7200)).toEqual({ claimWindow: '5', claimWindowUnit: 'days' });
    expect(claimWindowToForm(43_200)).toEqual({ claimWindow: '30', claimWindowUnit: 'days' });
    expect(claimWindowToForm(6000)).toEqual({ claimWindow: '100', claimWindowUnit: 'hours' });
    expect(claimWindowToForm(90)).toEqual({ claimWindow: '90', claimWindowUnit: 'minutes' });
    expect(claimWindowToForm(1)).toEqual({ claimWindow: '1', claimWindowUnit: 'minutes' });
  });

  it('sends the window, the notice and the delivery in the body', () => {
    const values = {
      title: 'A',
      description: 'B',
      prizeDetails: 'C',
      prizeValue: '',
      endDate: '',
      maxEntries: '',
      confirmationMessage: '',
      winnersCount: '1',
      requireConfirmation: false,
      referralBonus: '0',
      referralCap: '10',
      showLeaderboard: false,
      notifyWinners: false,
      claimWindow: '2',
      claimWindowUnit: 'days',
      prizeDelivery: 'shipping',
      ...emptyRulesForm(),
      slug: '',
      brand: brandOverrideToForm(null),
    } satisfies ContestFormValues;
    expect(contestFormToBody(values)).toMatchObject({
      notifyWinners: false,
      claimWindowMinutes: 2880,
      prizeDelivery: 'shipping',
    });
  });

  it('says what is wrong in the unit the owner typed', () => {
    expect(claimWindowError('', 'hours')).toBe('Enter how long winners have to claim');
    expect(claimWindowError('0', 'hours')).toBe('Time to claim must be at least 1 minute');
    expect(claimWindowError('31', 'days')).toBe('Time to claim must be at most 30 days');
    expect(claimWindowError('721', 'hours')).toBe(
      'Time to claim must be at most 720 hours (30 days)',
    );
    expect(claimWindowError('43201', 'minutes')).toBe(
      'Time to claim must be at most 43,200 minutes (30 days)',
    );
    expect(claimWindowError('1.5', 'minutes')).toBe(
      'Time to claim must be a whole number of minutes',
    );
  });
});
