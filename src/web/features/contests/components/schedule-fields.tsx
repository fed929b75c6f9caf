import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { Field } from '#web/components/ui/field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { toDateTimeLocal } from '#web/lib/datetime-local.ts';
import { timeZoneGroups } from '../lib/time-zones.ts';
import { rulesLabels } from './rules-fields.tsx';

/**
 * "Schedule": when entries open and the zone entrants read the contest's dates in. The end date
 * stays with the contest's other limits; the server holds the start before it.
 */
export function ScheduleFields<Output>({
  form,
  minStartDate,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
  /** The date picker starts at now when creating, as the end's does. */
  minStartDate?: Date;
}) {
  const { errors } = form.formState;
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  // About 420 zones, each with its offset: worked out once, and again only for a saved zone
  // this browser does not list.
  const listed = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const unlisted = timeZone === 'UTC' || listed.includes(timeZone) ? 'UTC' : timeZone;
  const { utc, groups } = useMemo(() => timeZoneGroups(listed, unlisted), [listed, unlisted]);
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Schedule</legend>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          label={rulesLabels.startDate}
          type="datetime-local"
          min={minStartDate ? toDateTimeLocal(minStartDate) : undefined}
          hint="Leave empty to open entries as soon as you publish."
          error={errors.startDate?.message}
          {...form.register('startDate')}
        />
        <Field
          label={rulesLabels.timeZone}
          hint="Entrants see dates in this zone."
          error={errors.timeZone?.message}
        >
          {(control) => (
            <Select {...control} {...form.register('timeZone')}>
              <option value={utc.value}>{utc.label}</option>
              {groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.zones.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
