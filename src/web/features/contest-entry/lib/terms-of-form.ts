import type { ContestTerms, EntryTerms } from '#shared/contracts/entry-terms.ts';

/** The terms a form holds: each box sent as "true" when ticked, the country as chosen. */
export function termsOfForm(form: FormData, asked: ContestTerms): EntryTerms {
  const ticked = (field: string) => form.get(field) === 'true';
  const terms: EntryTerms = {};
  if (asked.hasRules) terms.acceptRules = ticked('acceptRules');
  if (asked.minAge !== null) terms.confirmAge = ticked('confirmAge');
  if (asked.hasConsentBox) terms.marketingConsent = ticked('marketingConsent');
  const country = form.get('country');
  if (typeof country === 'string' && country !== '') terms.country = country;
  return terms;
}

/** Whether the contest asks anything beside the name and e-mail. */
export const asksTerms = (asked: ContestTerms) =>
  asked.hasRules ||
  asked.minAge !== null ||
  asked.allowedCountries.length > 0 ||
  asked.hasConsentBox;
