import { z } from 'zod';
import { brandOverrideFormToBody, type BrandOverrideFormValues } from './brand-form.ts';
import { CLAIM_WINDOW_DEFAULT, type PrizeDelivery } from './claims.ts';
import { type MinAge } from './contest-rules.ts';
import { createContestBody, updateContestBody } from './contests.ts';
import { REFERRAL_BONUS_DEFAULT, REFERRAL_CAP_DEFAULT } from './referrals.ts';

/**
 * The contest form's values and their mapping to the API body, so the builder and the edit
 * screen validate with the routes' own contracts (createContestBody, updateContestBody).
 */

/** The units the form offers for the time to claim, in minutes each. */
export const claimWindowUnits = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export type ClaimWindowUnit = keyof typeof claimWindowUnits;

/**
 * A claim window as the form shows it: in hours up to 3 days ("72 hours", as owners say it), in
 * days beyond when they are whole, else in hours or minutes.
 */
export function claimWindowToForm(minutes: number): {
  claimWindow: string;
  claimWindowUnit: ClaimWindowUnit;
} {
  const { days, hours } = claimWindowUnits;
  const unit: ClaimWindowUnit =
    minutes > CLAIM_WINDOW_DEFAULT && minutes % days === 0
      ? 'days'
      : minutes % hours === 0
        ? 'hours'
        : 'minutes';
  return { claimWindow: String(minutes / claimWindowUnits[unit]), claimWindowUnit: unit };
}

/** The form's amount and unit in minutes; NaN when the amount is blank or not a number. */
export function claimWindowFromForm(amount: string, unit: ClaimWindowUnit): number {
  const text = amount.trim();
  // Rounded to the minute: 1.1 hours is 66 minutes, not 66.00000000000001.
  return text === '' ? Number.NaN : Math.round(Number(text) * claimWindowUnits[unit] * 1e6) / 1e6;
}

/** What the contest form holds: text inputs, a datetime-local value in the browser's zone. */
export type ContestFormValues = {
  title: string;
  description: string;
  prizeDetails: string;
  prizeValue: string;
  endDate: string;
  maxEntries: string;
  confirmationMessage: string;
  winnersCount: string;
  requireConfirmation: boolean;
  referralBonus: string;
  referralCap: string;
  showLeaderboard: boolean;
  notifyWinners: boolean;
  /** The time to claim as typed, in `claimWindowUnit`s. */
  claimWindow: string;
  claimWindowUnit: ClaimWindowUnit;
  prizeDelivery: PrizeDelivery;
  /** Entries open at this datetime-local value, in the browser's zone ('': once published). */
  startDate: string;
  timeZone: string;
  /** The official rules' switch and fields (off: no rules). */
  hasRules: boolean;
  sponsorName: string;
  sponsorContact: string;
  minAge: '' | `${MinAge}`;
  allowedCountries: string[];
  excludedRegions: string;
  employeesExcluded: boolean;
  prizeRetailValue: string;
  additionalTerms: string;
  consentText: string;
  /** The short link as typed ('': none). */
  slug: string;
  /** The contest's own brand fields over the account's (docs/product.md#the-owners-brand). */
  brand: BrandOverrideFormValues;
};

/** Maps form text to the API body, so the form validates with the route's own contract. */
export function contestFormToBody(values: ContestFormValues) {
  const maxEntries = values.maxEntries.trim();
  const localToIso = (local: string) => {
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? local : date.toISOString();
  };
  return {
    title: values.title,
    description: values.description,
    prizeDetails: values.prizeDetails,
    prizeValue: values.prizeValue,
    endDate: values.endDate ? localToIso(values.endDate) : values.endDate,
    maxEntries: maxEntries === '' ? null : Number(maxEntries),
    confirmationMessage: values.confirmationMessage,
    winnersCount: Number(values.winnersCount.trim() || 1),
    requireConfirmation: values.requireConfirmation,
    referralBonus: Number(values.referralBonus.trim() || REFERRAL_BONUS_DEFAULT),
    referralCap: Number(values.referralCap.trim() || REFERRAL_CAP_DEFAULT),
    showLeaderboard: values.showLeaderboard,
    notifyWinners: values.notifyWinners,
    claimWindowMinutes: claimWindowFromForm(values.claimWindow, values.claimWindowUnit),
    prizeDelivery: values.prizeDelivery,
    startDate: values.startDate ? localToIso(values.startDate) : null,
    timeZone: values.timeZone,
    rules: values.hasRules
      ? {
          sponsorName: values.sponsorName,
          sponsorContact: values.sponsorContact,
          minAge: values.minAge === '' ? null : (Number(values.minAge) as MinAge),
          allowedCountries: values.allowedCountries,
          excludedRegions: values.excludedRegions,
          employeesExcluded: values.employeesExcluded,
          prizeRetailValue: values.prizeRetailValue,
          additionalTerms: values.additionalTerms,
        }
      : null,
    consentText: values.consentText,
    slug: values.slug,
    brand: brandOverrideFormToBody(values.brand),
  };
}

export const createContestForm = z.preprocess(
  (values) => contestFormToBody(values as ContestFormValues),
  createContestBody,
);
export const updateContestForm = z.preprocess(
  (values) => contestFormToBody(values as ContestFormValues),
  updateContestBody,
);
