import { Palette } from 'lucide-react';
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  brandOverrideFormToBody,
  emptyBrandOverrideForm,
  type EntryCountChoice,
} from '#shared/contracts/brand-form.ts';
import type { AccountBrand } from '#shared/contracts/brand.ts';
import type { ContestFormValues } from '#shared/contracts/contest-form.ts';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { useAccountBrand } from '#web/features/account/api/get-account-brand.ts';
import { BrandColorField } from '#web/features/account/components/brand-color-field.tsx';
import {
  BrandNameField,
  CallToActionFields,
} from '#web/features/account/components/brand-form-parts.tsx';
import { BrandPreview } from '#web/features/account/components/brand-preview.tsx';

/** The server's paths under `brand` are the form's own names (brand-form.ts). */
export const brandFieldPaths = [
  'brand.brandName',
  'brand.brandColor',
  'brand.callToAction.label',
  'brand.callToAction.url',
] as const;

const countLabels = (account: AccountBrand | undefined): Record<EntryCountChoice, string> => ({
  account: `As my account (${account?.showEntryCount === false ? 'hidden' : 'shown'})`,
  show: 'Show it',
  hide: 'Hide it',
});

/**
 * The contest form's "Brand" group (docs/product.md#the-owners-brand): the account's brand by
 * default, or, field by field, the contest's own. Folded until the owner opens it, or while the
 * contest has a field of its own; the preview shows what the entry page will.
 */
export function BrandOverrideFields<Output>({
  form,
}: {
  form: UseFormReturn<ContestFormValues, unknown, Output>;
}) {
  const account = useAccountBrand().data;
  const brand = useWatch({ control: form.control, name: 'brand' }) ?? emptyBrandOverrideForm;
  const errors = form.formState.errors.brand;
  const own = brandOverrideFormToBody(brand);
  const ownFields = [
    brand.ownName && 'name',
    brand.ownColor && 'colour',
    brand.ownCallToAction && 'button',
    brand.showEntryCount !== 'account' && 'entry count',
  ].filter(Boolean);
  // Open from the start when the contest has its own fields; an error opens it again.
  const [isOpen, setIsOpen] = useState(ownFields.length > 0);
  return (
    <details
      open={isOpen || errors !== undefined}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      className="rounded-xl border border-border"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold">
        <Palette aria-hidden className="size-4 text-primary" />
        <span>
          Brand
          <span className="font-normal text-muted-foreground">
            {ownFields.length > 0
              ? `: this contest's own ${ownFields.join(', ')}`
              : ": my account's"}
          </span>
        </span>
      </summary>
      <div className="grid gap-4 border-t border-border p-4">
        <p className="text-sm text-muted-foreground">
          This contest uses your account&apos;s brand unless you switch a field on here.{' '}
          <TextLink href="/account/brand">Edit your account&apos;s brand</TextLink>
        </p>
        <BrandPreview
          name={own.brandName?.trim() || account?.brandName || null}
          color={own.brandColor ?? account?.brandColor ?? null}
          logo={account?.logo ?? null}
          callToAction={own.callToAction ?? account?.callToAction ?? null}
        />
        <Controller
          control={form.control}
          name="brand.ownName"
          render={({ field }) => (
            <SwitchField
              label="Own business name"
              hint={account?.brandName ? `Your account's: ${account.brandName}` : undefined}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {brand.ownName ? (
          <BrandNameField
            field={form.register('brand.brandName')}
            label="Business name for this contest"
            error={errors?.brandName?.message}
          />
        ) : null}
        <Controller
          control={form.control}
          name="brand.ownColor"
          render={({ field }) => (
            <SwitchField
              label="Own colour"
              hint={account?.brandColor ? `Your account's: ${account.brandColor}` : undefined}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {brand.ownColor ? (
          <Controller
            control={form.control}
            name="brand.brandColor"
            render={({ field }) => (
              <BrandColorField
                label="Colour for this contest"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors?.brandColor?.message}
              />
            )}
          />
        ) : null}
        <Controller
          control={form.control}
          name="brand.ownCallToAction"
          render={({ field }) => (
            <SwitchField
              label="Own button after entering"
              hint={
                account?.callToAction
                  ? `Your account's: ${account.callToAction.label}`
                  : 'Your account has none.'
              }
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {brand.ownCallToAction ? (
          <CallToActionFields
            label={form.register('brand.callToAction.label')}
            url={form.register('brand.callToAction.url')}
            errors={errors?.callToAction}
          />
        ) : null}
        <Field label="Number of entries on the entry page">
          {(control) => (
            <Select {...control} {...form.register('brand.showEntryCount')}>
              {Object.entries(countLabels(account)).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </details>
  );
}
