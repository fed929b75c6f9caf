import { z } from 'zod';
import { countryCodes, isCountryCode } from '#shared/countries.ts';

/**
 * Rules, schedule and consent of a contest (docs/product.md#rules-schedule-and-consent): when it
 * opens, the zone its dates are written in, its official rules and the marketing-consent sentence.
 * The field names and limits are a contract that outside checkers are written against.
 */

export const MIN_AGES = [13, 16, 18, 21] as const;
export type MinAge = (typeof MIN_AGES)[number];

export const RULES_LIMITS = {
  sponsorName: 120,
  sponsorContact: 300,
  excludedRegions: 300,
  prizeRetailValue: 60,
  additionalTerms: 5000,
  consentText: 300,
} as const;

/** The runtime's IANA zones (plus UTC, which V8 lists only as Etc/UTC's alias). */
let zones: Set<string> | undefined;
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64) return false;
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(value);
}

/** The zone the builder starts with: the owner's browser's, when the runtime lists it. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

const NO_NUL = /^[^\0]*$/;
const NUL_MESSAGE = 'Contains a character that is not allowed';

const ruleText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `Must be at most ${max.toLocaleString('en-US')} characters`)
    .regex(NO_NUL, NUL_MESSAGE);

export const contestRules = z.object({
  sponsorName: ruleText('Sponsor name', 1, RULES_LIMITS.sponsorName),
  sponsorContact: ruleText('Sponsor contact', 1, RULES_LIMITS.sponsorContact),
  minAge: z
    .union(
      MIN_AGES.map((age) => z.literal(age)),
      { error: `Minimum age must be one of ${MIN_AGES.join(', ')}, or none` },
    )
    .nullable()
    .default(null),
  allowedCountries: z
    .array(
      z.string().refine(isCountryCode, 'Countries must be ISO 3166-1 alpha-2 codes, such as ES'),
      { error: 'Countries must be a list of ISO 3166-1 alpha-2 codes' },
    )
    .max(countryCodes().size)
    .default([])
    // One country once, in a stable order: the rules' text (and its hash) must not depend on
    // the order they were picked in.
    .transform((codes) => [...new Set(codes)].sort()),
  excludedRegions: ruleText('Excluded regions', 0, RULES_LIMITS.excludedRegions).default(''),
  employeesExcluded: z
    .boolean({ error: 'Employees excluded must be true or false' })
    .default(false),
  prizeRetailValue: ruleText('Prize retail value', 0, RULES_LIMITS.prizeRetailValue).default(''),
  additionalTerms: ruleText('Additional terms', 0, RULES_LIMITS.additionalTerms).default(''),
});
export type ContestRules = z.output<typeof contestRules>;

/** `startDate`: an instant, or null (open once published). */
export const startDateField = z
  .union([z.string(), z.null()], { error: 'Start date must be a valid date and time' })
  .refine((value) => value === null || value === '' || !Number.isNaN(Date.parse(value)), {
    message: 'Start date must be a valid date and time',
  })
  .transform((value) => (value ? new Date(value) : null));

export const timeZoneField = z
  .string({ error: 'Time zone is required' })
  .refine(isTimeZone, 'Time zone must be an IANA zone name, such as Europe/Madrid');

export const consentTextField = z
  .string({ error: 'Consent text must be text' })
  .trim()
  .max(
    RULES_LIMITS.consentText,
    `Must be at most ${RULES_LIMITS.consentText.toLocaleString('en-US')} characters`,
  )
  .regex(NO_NUL, NUL_MESSAGE);

/** The contest fields of this contract, each optional in a body (an edit keeps what is left out). */
export const rulesScheduleFields = {
  startDate: startDateField.optional(),
  timeZone: timeZoneField.optional(),
  rules: contestRules.nullable().optional(),
  consentText: consentTextField.optional(),
};

export const rulesMessages = {
  startAfterEnd: 'Start date must be before the end date',
  notStarted: (date: string) => `This contest opens on ${date}.`,
};

/** The version of the rules in a draw record: the one in force when the entries were frozen. */
export type RulesReference = { version: number; sha256: string };

export type RulesVersion = { version: number; publishedAt: string; sha256: string; text: string };
export type RulesVersionsResponse = { versions: RulesVersion[] };
