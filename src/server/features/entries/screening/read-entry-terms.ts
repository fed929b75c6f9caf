import {
  entryTermChecks,
  entryTermsMessages,
  type EntryTermField,
  type EntryTerms,
} from '#shared/contracts/entry-terms.ts';
import { isCountryCode } from '#shared/countries.ts';

/**
 * The terms' fields of a body, checked for their types only (what the contest asks is checked
 * where the contest is read: checkEntryTerms). A field left out is undefined.
 */
export function readEntryTerms(fields: Record<string, unknown>): {
  terms: EntryTerms;
  errors: Partial<Record<EntryTermField, string>>;
} {
  const terms: EntryTerms = {};
  const errors: Partial<Record<EntryTermField, string>> = {};
  for (const field of entryTermChecks) {
    if (!Object.hasOwn(fields, field) || fields[field] === undefined) continue;
    const value = fields[field];
    if (typeof value === 'boolean') terms[field] = value;
    else errors[field] = entryTermsMessages.notBoolean;
  }
  if (Object.hasOwn(fields, 'country') && fields.country !== undefined && fields.country !== '') {
    const country = fields.country;
    if (isCountryCode(country)) terms.country = country;
    else errors.country = entryTermsMessages.countryUnknown;
  }
  return { terms, errors };
}
