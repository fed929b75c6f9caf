import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { browserTimeZone } from '#shared/contracts/contest-rules.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { toDateTimeLocal } from '#web/lib/datetime-local.ts';

type RulesFormValues = Pick<
  ContestFormValues,
  | 'startDate'
  | 'timeZone'
  | 'hasRules'
  | 'sponsorName'
  | 'sponsorContact'
  | 'minAge'
  | 'allowedCountries'
  | 'excludedRegions'
  | 'employeesExcluded'
  | 'prizeRetailValue'
  | 'additionalTerms'
  | 'consentText'
>;

/** A new contest opens once published, in the owner's own zone, without rules or consent box. */
export function emptyRulesForm(): RulesFormValues {
  return {
    startDate: '',
    timeZone: browserTimeZone(),
    hasRules: false,
    sponsorName: '',
    sponsorContact: '',
    minAge: '',
    allowedCountries: [],
    excludedRegions: '',
    employeesExcluded: false,
    prizeRetailValue: '',
    additionalTerms: '',
    consentText: '',
  };
}

/** The form's values of a saved contest. */
export function rulesFormOf(contest: OwnerContest): RulesFormValues {
  const { rules } = contest;
  return {
    startDate: contest.startDate ? toDateTimeLocal(contest.startDate) : '',
    timeZone: contest.timeZone,
    hasRules: rules !== null,
    sponsorName: rules?.sponsorName ?? '',
    sponsorContact: rules?.sponsorContact ?? '',
    minAge: rules?.minAge ? `${rules.minAge}` : '',
    allowedCountries: rules?.allowedCountries ?? [],
    excludedRegions: rules?.excludedRegions ?? '',
    employeesExcluded: rules?.employeesExcluded ?? false,
    prizeRetailValue: rules?.prizeRetailValue ?? '',
    additionalTerms: rules?.additionalTerms ?? '',
    consentText: contest.consentText,
  };
}

export const rulesLabels: Record<keyof RulesFormValues, string> = {
  startDate: 'Start date and time (optional)',
  timeZone: 'Time zone',
  hasRules: 'Official rules',
  sponsorName: 'Sponsor name',
  sponsorContact: 'Sponsor contact (address or e-mail)',
  minAge: 'Minimum age',
  allowedCountries: 'Open to entrants in',
  excludedRegions: 'Excluded regions (optional)',
  employeesExcluded: "The sponsor's employees and their families may not enter",
  prizeRetailValue: 'Prize retail value (optional)',
  additionalTerms: 'Additional terms (optional)',
  consentText: 'Marketing consent sentence (optional)',
};
