import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { PrizeDelivery } from '#shared/contracts/claims.ts';
import {
  claimWindowUnits,
  type ClaimWindowUnit,
  type ContestFormValues,
} from '#shared/contracts/contest-form.ts';
import { Field, FieldMessage } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { claimWindowMaxIn } from '../lib/claim-window.ts';

/** The group's labels, shared by the builder and the edit form as the others are. */
export const afterDrawLabels = {
  notifyWinners: 'Notify winners by e-mail',
  claimWindow: 'Time to claim',
  claimWindowUnit: 'Unit of the time to claim',
  prizeDelivery: 'How the prize reaches the winner',
} satisfies Partial<Record<keyof ContestFormValues, string>>;

const unitNames: Record<ClaimWindowUnit, string> = {
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
};

const deliveries: { value: PrizeDelivery; label: string; hint: string }[] = [
  { value: 'digital', label: 'Digital', hint: 'A code, a link or a voucher you send.' },
  { value: 'shipping', label: 'Shipping', hint: 'We ask the winner for an address.' },
  { value: 'pickup', label: 'Pickup', hint: 'The winner collects it from you.' },
];

/**
 * "After the draw" (docs/product.md#claims): whether winners are e-mailed a link to claim their
 * prize, how long they have, and how the prize reaches them. The time to claim is the same for
 * every winner: the first draw fixes it, as it fixes the number of places.
 */
export function AfterDrawFields<Output>({
  form,
  lockedByDraw,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
  lockedByDraw: boolean;
}) {
  const { errors } = form.formState;
  const notifyWinners = useWatch({ control: form.control, name: 'notifyWinners' });
  const unit = useWatch({ control: form.control, name: 'claimWindowUnit' });
  // Without notices there is no claim to wait for; the field stays open while it holds an error,
  // so the owner can always fix what blocks the form.
  const windowOff = lockedByDraw || (!notifyWinners && !errors.claimWindow);
  const windowHint = lockedByDraw
    ? 'Fixed by the first draw: every winner gets the same time to claim.'
    : notifyWinners
      ? 'How long each winner has, once drawn, to claim the prize: 1 minute to 30 days. A place not claimed in time goes to the next entry drawn.'
      : 'Not used while winners are not e-mailed.';
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">After the draw</legend>
      <Controller
        control={form.control}
        name="notifyWinners"
        render={({ field }) => (
          <SwitchField
            ref={field.ref}
            label={afterDrawLabels.notifyWinners}
            hint={
              field.value
                ? 'Each winner gets an e-mail with a link to claim the prize.'
                : 'Winners are not e-mailed and places need no claim: you contact each winner yourself.'
            }
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.notifyWinners?.message}
          />
        )}
      />
      <Field
        label={afterDrawLabels.claimWindow}
        hint={windowHint}
        error={errors.claimWindow?.message}
      >
        {(control) => (
          <div className="flex gap-2 sm:max-w-xs">
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={1}
              max={claimWindowMaxIn(unit)}
              step="any"
              disabled={windowOff}
              className="min-w-0 flex-1"
              {...form.register('claimWindow')}
            />
            <select
              aria-label={afterDrawLabels.claimWindowUnit}
              aria-describedby={control['aria-describedby']}
              disabled={windowOff}
              className="h-11 w-32 shrink-0 rounded-lg border border-input bg-card px-3 text-base text-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm"
              {...form.register('claimWindowUnit', { deps: 'claimWindow' })}
            >
              {Object.keys(claimWindowUnits).map((value) => (
                <option key={value} value={value}>
                  {unitNames[value as ClaimWindowUnit]}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <DeliveryChoice form={form} />
    </fieldset>
  );
}

/** Three choices, each with what it means for the winner. */
function DeliveryChoice<Output>({
  form,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
}) {
  const error = form.formState.errors.prizeDelivery?.message;
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? messageId : undefined}>
      <legend className="mb-2 text-sm font-medium text-foreground">
        {afterDrawLabels.prizeDelivery}
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {deliveries.map((delivery) => (
          <label
            key={delivery.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-card p-3 transition-colors has-checked:border-primary has-checked:bg-primary-soft"
          >
            <input
              type="radio"
              value={delivery.value}
              aria-describedby={`${id}-${delivery.value}`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...form.register('prizeDelivery')}
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold leading-snug">{delivery.label}</span>
              <span id={`${id}-${delivery.value}`} className="text-xs text-muted-foreground">
                {delivery.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}
