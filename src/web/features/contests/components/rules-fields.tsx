import { ExternalLink } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { browserTimeZone, MIN_AGES, RULES_LIMITS } from '#shared/contracts/contest-rules.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { Field } from '#web/components/ui/field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { TextareaField } from '#web/components/ui/textarea.tsx';
import { toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { CountryPicker } from './country-picker.tsx';

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

/** The published contest whose rules the edit screen links to (its saved rules, if any). */
export type PublishedRules = { contestId: string; hasRules: boolean };

/**
 * "Rules and consent" (docs/product.md#rules-schedule-and-consent): the answers the official rules
 * are written from, behind their switch, and the marketing-consent sentence beside the entry form.
 */
export function RulesFields<Output>({
  form,
  published,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
  /** Set once published: a change publishes a new version of the rules. */
  published?: PublishedRules;
}) {
  const { errors } = form.formState;
  const hasRules = useWatch({ control: form.control, name: 'hasRules' });
  return (
    <fieldset className="grid gap-5 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Rules and consent</legend>
      <Controller
        control={form.control}
        name="hasRules"
        render={({ field }) => (
          <SwitchField
            ref={field.ref}
            label={rulesLabels.hasRules}
            hint="We write the official rules from these answers and your contest's details; entrants see them at a link on the entry page."
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.hasRules?.message}
          />
        )}
      />
      {hasRules ? <RulesAnswers form={form} /> : null}
      {published && (hasRules || published.hasRules) ? (
        <PublishedNote published={published} />
      ) : null}
      <TextareaField
        label={rulesLabels.consentText}
        placeholder="Send me Coach Ana's weekly tips."
        maxLength={RULES_LIMITS.consentText}
        rows={2}
        hint="e.g. Send me Coach Ana's weekly tips. Leave empty for no consent box. The box is never ticked for the entrant."
        error={errors.consentText?.message}
        {...form.register('consentText')}
      />
    </fieldset>
  );
}

/** The rules' own answers, shown while the switch is on. */
function RulesAnswers<Output>({
  form,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label={rulesLabels.sponsorName}
          placeholder="Coach Ana Fitness"
          maxLength={RULES_LIMITS.sponsorName}
          error={errors.sponsorName?.message}
          {...form.register('sponsorName')}
        />
        <FormField
          label={rulesLabels.sponsorContact}
          placeholder="ana@example.com"
          maxLength={RULES_LIMITS.sponsorContact}
          error={errors.sponsorContact?.message}
          {...form.register('sponsorContact')}
        />
        <Field label={rulesLabels.minAge} error={errors.minAge?.message}>
          {(control) => (
            <Select {...control} {...form.register('minAge')}>
              <option value="">None</option>
              {MIN_AGES.map((age) => (
                <option key={age} value={String(age)}>
                  {age}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FormField
          label={rulesLabels.prizeRetailValue}
          placeholder="$450"
          maxLength={RULES_LIMITS.prizeRetailValue}
          hint="What the prize sells for, as the rules state it."
          error={errors.prizeRetailValue?.message}
          {...form.register('prizeRetailValue')}
        />
      </div>
      <Controller
        control={form.control}
        name="allowedCountries"
        render={({ field }) => (
          <CountryPicker
            searchRef={field.ref}
            label={rulesLabels.allowedCountries}
            value={field.value}
            onChange={field.onChange}
            hint="Leave empty to accept entrants anywhere."
            error={errors.allowedCountries?.message}
          />
        )}
      />
      <FormField
        label={rulesLabels.excludedRegions}
        placeholder="Quebec, Puerto Rico"
        maxLength={RULES_LIMITS.excludedRegions}
        hint="Places inside those countries where the contest is void."
        error={errors.excludedRegions?.message}
        {...form.register('excludedRegions')}
      />
      <Controller
        control={form.control}
        name="employeesExcluded"
        render={({ field }) => (
          <SwitchField
            ref={field.ref}
            label={rulesLabels.employeesExcluded}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.employeesExcluded?.message}
          />
        )}
      />
      <TextareaField
        label={rulesLabels.additionalTerms}
        maxLength={RULES_LIMITS.additionalTerms}
        rows={4}
        hint="Anything else the rules must say, in your own words."
        error={errors.additionalTerms?.message}
        {...form.register('additionalTerms')}
      />
    </div>
  );
}

/** Entrants agreed to the rules as they stood: a change is a new version, not a rewrite. */
function PublishedNote({ published }: { published: PublishedRules }) {
  return (
    <div className="grid gap-2 rounded-lg bg-muted p-3 text-sm">
      <p>
        Changing the rules after publishing publishes a new version; entrants keep the version they
        entered under.
      </p>
      {published.hasRules ? (
        <a
          href={`/c/${published.contestId}/rules`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 justify-self-start font-semibold text-primary underline-offset-4 hover:underline sm:min-h-0"
        >
          View official rules
          <ExternalLink aria-hidden className="size-4" />
        </a>
      ) : null}
    </div>
  );
}
