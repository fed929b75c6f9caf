import type { FieldErrors, Resolver } from 'react-hook-form';
import { CLAIM_WINDOW_MAX, CLAIM_WINDOW_MIN } from '#shared/contracts/claims.ts';
import {
  claimWindowFromForm,
  claimWindowUnits,
  type ClaimWindowUnit,
  type ContestFormValues,
} from '#shared/contracts/contest-form.ts';

/** The most a field can hold in a unit: 43,200 minutes, 720 hours, 30 days. */
export function claimWindowMaxIn(unit: ClaimWindowUnit): number {
  return CLAIM_WINDOW_MAX / claimWindowUnits[unit];
}

/**
 * What is wrong with the time to claim as typed, in the form's words: the contract counts in
 * minutes, the owner may have typed days.
 */
export function claimWindowError(amount: string, unit: ClaimWindowUnit): string {
  if (amount.trim() === '') return 'Enter how long winners have to claim';
  const minutes = claimWindowFromForm(amount, unit);
  if (!Number.isFinite(minutes)) return 'Time to claim must be a number';
  if (minutes < CLAIM_WINDOW_MIN) return 'Time to claim must be at least 1 minute';
  if (minutes > CLAIM_WINDOW_MAX) {
    const most = `${claimWindowMaxIn(unit).toLocaleString('en-US')} ${unit}`;
    return `Time to claim must be at most ${unit === 'days' ? most : `${most} (30 days)`}`;
  }
  return 'Time to claim must be a whole number of minutes';
}

/**
 * The contract counts the time to claim in minutes (`claimWindowMinutes`); the form holds an
 * amount and a unit: the resolver's error goes on the amount, in the unit the owner typed.
 */
export function claimWindowErrorOnField<Output>(
  resolver: Resolver<ContestFormValues, unknown, Output>,
): Resolver<ContestFormValues, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { claimWindowMinutes: inMinutes, ...errors } = result.errors as FieldErrors<
      ContestFormValues & { claimWindowMinutes: number }
    >;
    if (!inMinutes) return result;
    const message = claimWindowError(values.claimWindow, values.claimWindowUnit);
    return { values: {}, errors: { ...errors, claimWindow: { type: 'custom', message } } };
  };
}
