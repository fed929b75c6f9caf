import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  accountBrandForm,
  accountBrandFormToBody,
  accountBrandToForm,
  type AccountBrandFormValues,
} from '#shared/contracts/brand-form.ts';
import type { AccountBrand, accountBrandBody } from '#shared/contracts/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SwitchField } from '#web/components/ui/switch-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useUpdateAccountBrand } from '../api/update-account-brand.ts';
import { BrandColorField } from './brand-color-field.tsx';
import { brandFieldErrors, BrandNameField, CallToActionFields } from './brand-form-parts.tsx';
import { BrandPreview } from './brand-preview.tsx';
import { LogoField } from './logo-field.tsx';

type Output = z.output<typeof accountBrandBody>;

/** The server's paths the inputs show: an error on the whole button shows under its text. */
const fieldOfPath: Record<string, FieldPath<AccountBrandFormValues>> = {
  brandName: 'brandName',
  brandColor: 'brandColor',
  callToAction: 'callToAction.label',
  'callToAction.label': 'callToAction.label',
  'callToAction.url': 'callToAction.url',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The account's brand (docs/product.md#the-owners-brand): checked in the browser with the route's
 * contract, saved in one request; the logo is saved as soon as it is picked. The preview beside
 * it follows every keystroke.
 */
export function AccountBrandForm({ brand }: { brand: AccountBrand }) {
  const update = useUpdateAccountBrand();
  const form = useForm<AccountBrandFormValues, unknown, Output>({
    resolver: zodResolver(accountBrandForm as never) as unknown as Resolver<
      AccountBrandFormValues,
      unknown,
      Output
    >,
    defaultValues: accountBrandToForm(brand),
  });
  const { errors } = form.formState;
  const values = accountBrandFormToBody(
    useWatch({ control: form.control }) as AccountBrandFormValues,
  );

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(accountBrandToForm(saved));
        toast({
          title: 'Brand saved',
          description: 'Your entry pages and e-mails show it now.',
          variant: 'success',
        });
      },
      onError: (error) => {
        const shown = brandFieldErrors(error, Object.keys(fieldOfPath));
        for (const [path, message] of shown) form.setError(fieldOfPath[path]!, { message });
        if (shown.length === 0) reportFailure(error, 'Not saved', 'Could not save your brand.');
      },
    }),
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <Section title="Business">
          <BrandNameField field={form.register('brandName')} error={errors.brandName?.message} />
          <LogoField logo={brand.logo} />
        </Section>
        <Section title="Colour">
          <Controller
            control={form.control}
            name="brandColor"
            render={({ field }) => (
              <BrandColorField
                label="Brand colour"
                hint="Buttons and the page's band take it. Leave empty for the standard purple."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors.brandColor?.message}
              />
            )}
          />
        </Section>
        <Section title="After entering">
          <p className="text-sm text-muted-foreground">
            A button entrants see once they have entered, such as &ldquo;Book a free session&rdquo;.
          </p>
          <CallToActionFields
            label={form.register('callToAction.label')}
            url={form.register('callToAction.url')}
            errors={errors.callToAction}
          />
        </Section>
        <Section title="Entry page">
          <Controller
            control={form.control}
            name="showEntryCount"
            render={({ field }) => (
              <SwitchField
                ref={field.ref}
                label="Show the number of entries on the entry page"
                hint="Each contest can choose otherwise in its own Brand settings."
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Section>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save brand'}
          </Button>
        </div>
      </form>
      <aside aria-label="Preview" className="grid gap-2 lg:sticky lg:top-6">
        <p className="text-sm font-semibold">Preview</p>
        <BrandPreview
          name={values.brandName?.trim() || null}
          color={values.brandColor}
          logo={brand.logo}
          callToAction={
            values.callToAction?.label.trim() ? { ...values.callToAction, url: '' } : null
          }
        />
      </aside>
    </div>
  );
}
