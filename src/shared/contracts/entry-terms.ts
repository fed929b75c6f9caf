import { countryName } from '#shared/country-name.ts';
import type { EntryField } from './entries.ts';

/**
 * What an entry agrees to and declares beside its name and e-mail, when the contest asks
 * (docs/product.md#rules-schedule-and-consent): the official rules, the minimum age, the country
 * where entries are limited to some, and the optional marketing consent. Written without a
 * schema library, like the entry contract: the public entry page loads it.
 */
export type EntryTerms = {
  acceptRules?: boolean;
  confirmAge?: boolean;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  marketingConsent?: boolean;
};
export type EntryTermField = keyof EntryTerms;

/** The booleans of the terms, as the form's checkboxes are named. */
export const entryTermChecks = ['acceptRules', 'confirmAge', 'marketingConsent'] as const;

/** Every field the entry form shows: a refusal's message for one of them is shown beside it. */
export const shownEntryFields: (EntryField | EntryTermField)[] = [
  'name',
  'email',
  ...entryTermChecks,
  'country',
];

/** What a contest asks of its entrants (from its public JSON or its stored row). */
export type ContestTerms = {
  hasRules: boolean;
  minAge: number | null;
  allowedCountries: string[];
  hasConsentBox: boolean;
};

export function contestTermsOf(contest: {
  rules: { minAge: number | null; allowedCountries: string[] } | null;
  consentText: string;
}): ContestTerms {
  return {
    hasRules: contest.rules !== null,
    minAge: contest.rules?.minAge ?? null,
    allowedCountries: contest.rules?.allowedCountries ?? [],
    hasConsentBox: contest.consentText !== '',
  };
}

export const entryTermsMessages = {
  notBoolean: 'Must be true or false',
  acceptRules: 'Please agree to the official rules',
  confirmAge: (minAge: number) => `Please confirm you are at least ${minAge}`,
  countryRequired: 'Please choose your country',
  countryUnknown: 'Please choose your country from the list',
  countryNotAllowed: (code: string) =>
    `Sorry, this contest is not open to entrants in ${countryName(code)}.`,
};

/** What the contest asks and the entry lacks, by field; empty when the entry may go in. */
export function checkEntryTerms(
  terms: EntryTerms,
  contest: ContestTerms,
): Partial<Record<EntryTermField, string>> {
  const errors: Partial<Record<EntryTermField, string>> = {};
  if (contest.hasRules && terms.acceptRules !== true)
    errors.acceptRules = entryTermsMessages.acceptRules;
  if (contest.minAge !== null && terms.confirmAge !== true) {
    errors.confirmAge = entryTermsMessages.confirmAge(contest.minAge);
  }
  if (contest.allowedCountries.length > 0) {
    if (!terms.country) errors.country = entryTermsMessages.countryRequired;
    else if (!contest.allowedCountries.includes(terms.country)) {
      errors.country = entryTermsMessages.countryNotAllowed(terms.country);
    }
  }
  return errors;
}
