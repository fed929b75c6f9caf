import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONTEST_CONFIRMATION_MAX_LENGTH,
  CONTEST_DESCRIPTION_MAX_LENGTH,
  CONTEST_PRIZE_DETAILS_MAX_LENGTH,
  CONTEST_PRIZE_VALUE_MAX_LENGTH,
  CONTEST_TITLE_MAX_LENGTH,
  ENTRY_CONFIRMATION_TTL_MS,
} from '#shared/constants.ts';
import { emptyBrandOverrideForm } from '#shared/contracts/brand-form.ts';
import { CLAIM_WINDOW_DEFAULT } from '#shared/contracts/claims.ts';
import {
  claimWindowToForm,
  type ContestFormValues,
  type createContestForm,
  type updateContestForm,
} from '#shared/contracts/contest-form.ts';
import { WINNERS_COUNT_MAX } from '#shared/contracts/draws.ts';
import {
  LEADERBOARD_SIZE,
  REFERRAL_BONUS_DEFAULT,
  REFERRAL_BONUS_MAX,
  REFERRAL_CAP_DEFAULT,
  REFERRAL_CAP_MAX,
  REFERRAL_CAP_MIN,
} from '#shared/contracts/referrals.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { TextareaField } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { claimWindowErrorOnField } from '../lib/claim-window.ts';
import { formFieldOfPath, rulesErrorsOnFields } from '../lib/rules-errors.ts';
import { AfterDrawFields, afterDrawLabels } from './after-draw-fields.tsx';
import { brandFieldPaths, BrandOverrideFields } from './brand-override-fields.tsx';
import { emptyRulesForm, RulesFields, rulesLabels, type PublishedRules } from './rules-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import { ShortLinkField } from './short-link-field.tsx';

export const emptyContestForm: ContestFormValues = {
  title: '',
  description: '',
  prizeDetails: '',
  prizeValue: '',
  endDate: '',
  maxEntries: '',
  confirmationMessage: '',
  winnersCount: '1',
  requireConfirmation: false,
  referralBonus: String(REFERRAL_BONUS_DEFAULT),
  referralCap: String(REFERRAL_CAP_DEFAULT),
  showLeaderboard: false,
  notifyWinners: true,
  ...claimWindowToForm(CLAIM_WINDOW_DEFAULT),
  prizeDelivery: 'digital',
  ...emptyRulesForm(),
  slug: '',
  brand: emptyBrandOverrideForm,
};

const HOUR_MS = 60 * 60 * 1000;

type Schema = typeof createContestForm | typeof updateContestForm;
export type ContestFormOutput = z.output<Schema>;

type Labels = Record<keyof ContestFormValues, string>;

/** One set of labels: the builder and the edit form ask the same questions in the same words. */
const labels: Labels = {
  title: 'Contest title',
  description: 'Description',
  prizeDetails: 'Prize details',
  prizeValue: 'Prize value (optional)',
  endDate: 'End date and time',
  maxEntries: 'Max entries (optional)',
  confirmationMessage: 'Custom confirmation message (optional)',
  winnersCount: 'Number of winners',
  requireConfirmation: 'Entrants confirm their e-mail',
  referralBonus: 'Bonus entries per referral',
  referralCap: 'Bonus entry cap',
  showLeaderboard: 'Show a leaderboard on the entry page',
  slug: 'Short link (optional)',
  brand: 'Brand',
  ...afterDrawLabels,
  ...rulesLabels,
};

/** One form for building and editing; the schema decides the wording of the errors. */
export function useContestForm(schema: Schema, defaultValues: ContestFormValues) {
  return useForm<ContestFormValues, unknown, ContestFormOutput>({
    // z.preprocess types its input as unknown; here that input is always ContestFormValues.
    resolver: claimWindowErrorOnField(
      rulesErrorsOnFields(
        zodResolver(schema as never) as unknown as Resolver<
          ContestFormValues,
          unknown,
          ContestFormOutput
        >,
      ),
    ),
    defaultValues,
  });
}

/** Puts the server's field errors back on the fields they belong to. */
export function showServerFieldErrors(
  form: ReturnType<typeof useContestForm>,
  error: unknown,
): void {
  if (!(error instanceof ApiError)) return;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    // The brand's fields are nested in the form as in the body (brand-override-fields.tsx).
    const brandField = path === 'brand.callToAction' ? 'brand.callToAction.label' : path;
    if ((brandFieldPaths as readonly string[]).includes(brandField)) {
      form.setError(brandField as (typeof brandFieldPaths)[number], { message });
      continue;
    }
    const name = formFieldOfPath(path);
    if (name in emptyContestForm) form.setError(name as keyof ContestFormValues, { message });
  }
}

export function ContestFields({
  form,
  minEndDate,
  lockedByDraw = false,
  published,
  children,
}: {
  form: ReturnType<typeof useContestForm>;
  /** The date picker starts at now when creating. */
  minEndDate?: Date;
  /**
   * The first draw has fixed the number of places, which entries it draws from and how each is
   * weighed (docs/draw-protocol.md), and closed entries for good (its end date).
   */
  lockedByDraw?: boolean;
  /** The edit screen's published contest: its rules change by new versions. */
  published?: PublishedRules;
  children?: ReactNode;
}) {
  const { errors } = form.formState;
  // The cap means nothing while referrals are off; it stays open while it holds an error, so the
  // owner can always fix what blocks the form.
  const referralBonus = useWatch({ control: form.control, name: 'referralBonus' });
  const referralsOff = Number(referralBonus.trim() || 0) === 0;
  return (
    <div className="grid gap-5">
      <FormField
        label={labels.title}
        placeholder="Summer Shred Giveaway"
        maxLength={CONTEST_TITLE_MAX_LENGTH}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextareaField
        label={labels.description}
        placeholder="Tell entrants what the contest is about and who can enter."
        maxLength={CONTEST_DESCRIPTION_MAX_LENGTH}
        rows={4}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <ShortLinkField label={labels.slug} error={errors.slug?.message} {...form.register('slug')} />
      <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
        <FormField
          label={labels.prizeDetails}
          placeholder="3 months of personal training"
          maxLength={CONTEST_PRIZE_DETAILS_MAX_LENGTH}
          error={errors.prizeDetails?.message}
          {...form.register('prizeDetails')}
        />
        <FormField
          label={labels.prizeValue}
          placeholder="$450"
          maxLength={CONTEST_PRIZE_VALUE_MAX_LENGTH}
          error={errors.prizeValue?.message}
          {...form.register('prizeValue')}
        />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label={labels.endDate}
          type="datetime-local"
          min={minEndDate ? toDateTimeLocal(minEndDate) : undefined}
          // Read-only rather than disabled: the form still sends the end it had.
          readOnly={lockedByDraw}
          hint={lockedByDraw ? 'Fixed by the draw: entries are closed for good.' : undefined}
          error={errors.endDate?.message}
          // The start must come before the end: its error follows the end's changes too.
          {...form.register('endDate', { deps: 'startDate' })}
        />
        <FormField
          label={labels.maxEntries}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Unlimited"
          hint="Leave blank for unlimited entries."
          error={errors.maxEntries?.message}
          {...form.register('maxEntries')}
        />
        <FormField
          label={labels.winnersCount}
          type="number"
          inputMode="numeric"
          min={1}
          max={WINNERS_COUNT_MAX}
          step={1}
          disabled={lockedByDraw}
          hint={
            lockedByDraw
              ? 'Fixed by the first draw: the public draw record counts these places.'
              : `Places the draw fills, 1 to ${WINNERS_COUNT_MAX}. Set until the first draw.`
          }
          error={errors.winnersCount?.message}
          {...form.register('winnersCount')}
        />
      </div>
      <TextareaField
        label={labels.confirmationMessage}
        placeholder="Thanks for entering! Follow us for the live draw."
        maxLength={CONTEST_CONFIRMATION_MAX_LENGTH}
        rows={3}
        hint="Shown to entrants after they enter."
        error={errors.confirmationMessage?.message}
        {...form.register('confirmationMessage')}
      />
      <ScheduleFields form={form} minStartDate={minEndDate} />
      <fieldset className="grid gap-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Entries</legend>
        <Controller
          control={form.control}
          name="requireConfirmation"
          render={({ field }) => (
            <SwitchField
              ref={field.ref}
              label={labels.requireConfirmation}
              hint={`Entries count only once the entrant opens the link we e-mail them (valid ${ENTRY_CONFIRMATION_TTL_MS / HOUR_MS} hours).`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.requireConfirmation?.message}
            />
          )}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Referrals</legend>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            label={labels.referralBonus}
            type="number"
            inputMode="numeric"
            min={0}
            max={REFERRAL_BONUS_MAX}
            step={1}
            disabled={lockedByDraw}
            hint={
              lockedByDraw
                ? "Fixed by the first draw: the public draw record holds each entry's chances."
                : "0 turns referrals off. Each friend who enters through an entrant's link gives them this many more entries."
            }
            error={errors.referralBonus?.message}
            {...form.register('referralBonus')}
          />
          <FormField
            label={labels.referralCap}
            type="number"
            inputMode="numeric"
            min={REFERRAL_CAP_MIN}
            max={REFERRAL_CAP_MAX}
            step={1}
            disabled={lockedByDraw || (referralsOff && !errors.referralCap)}
            hint={
              lockedByDraw
                ? 'Fixed by the first draw, as the bonus is.'
                : 'The most bonus entries one entrant can earn.'
            }
            error={errors.referralCap?.message}
            {...form.register('referralCap')}
          />
        </div>
        <Controller
          control={form.control}
          name="showLeaderboard"
          render={({ field }) => (
            <SwitchField
              ref={field.ref}
              label={labels.showLeaderboard}
              hint={`Top ${LEADERBOARD_SIZE} referrers by first name and last initial.`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.showLeaderboard?.message}
            />
          )}
        />
      </fieldset>
      <AfterDrawFields form={form} lockedByDraw={lockedByDraw} />
      <RulesFields form={form} published={published} />
      <BrandOverrideFields form={form} />
      {children}
    </div>
  );
}
