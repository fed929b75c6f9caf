import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  BRAND_NAME_MAX_LENGTH,
  CALL_TO_ACTION_LABEL_MAX_LENGTH,
  CALL_TO_ACTION_URL_MAX_LENGTH,
} from '#shared/contracts/brand.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * The inputs the account page and the contest form's Brand group share. Each form keeps the
 * brand fields where the contract's paths name them (`callToAction.url` on the account page,
 * `brand.callToAction.url` in the contest form), so an error, the browser's or the server's,
 * lands on its input.
 */

export function BrandNameField({
  field,
  label = 'Business name',
  error,
}: {
  field: UseFormRegisterReturn;
  label?: string;
  error?: string;
}) {
  return (
    <FormField
      label={label}
      placeholder="Coach Ana Fitness"
      maxLength={BRAND_NAME_MAX_LENGTH}
      hint="Shown at the top of the entry page and in the e-mails entrants get."
      error={error}
      {...field}
    />
  );
}

/** The button after entering: its text and its https address, both or neither. */
export function CallToActionFields({
  label,
  url,
  errors,
}: {
  label: UseFormRegisterReturn;
  url: UseFormRegisterReturn;
  errors?: { label?: { message?: string }; url?: { message?: string }; message?: string };
}) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-[2fr_3fr]">
      <FormField
        label="Button text"
        placeholder="Book a free session"
        maxLength={CALL_TO_ACTION_LABEL_MAX_LENGTH}
        error={errors?.label?.message ?? errors?.message}
        {...label}
      />
      <FormField
        label="Button link"
        type="url"
        inputMode="url"
        placeholder="https://example.com/book"
        maxLength={CALL_TO_ACTION_URL_MAX_LENGTH}
        hint="A full https:// address. Leave both empty for no button."
        error={errors?.url?.message}
        {...url}
      />
    </div>
  );
}

/**
 * The server's field errors whose paths are among `fieldNames` (the form's names for them), to
 * put on their inputs; the rest are the toast's.
 */
export function brandFieldErrors(
  error: unknown,
  fieldNames: readonly string[],
): Array<[string, string]> {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fieldErrors).filter(([path]) => fieldNames.includes(path));
}
