import { z } from 'zod';
import { accountBrandBody, type BrandFields } from './brand.ts';

/**
 * The brand's forms (docs/product.md#the-owners-brand): the account page's and the contest
 * form's "Brand" group. Each maps what its inputs hold to the route's body, so the browser checks
 * with the route's own contract, in its words, and an error's path (`brandColor`,
 * `callToAction.url`) names the input that shows it.
 */

/** A button after entering as typed: both parts empty is none. */
export type CallToActionForm = { label: string; url: string };

/** The account page's inputs (a colour left empty: the platform's own). */
export type AccountBrandFormValues = {
  brandName: string;
  brandColor: string;
  callToAction: CallToActionForm;
  showEntryCount: boolean;
};

const callToActionOf = ({ label, url }: CallToActionForm) =>
  label.trim() === '' && url.trim() === '' ? null : { label, url };
const textOrNull = (text: string) => (text.trim() === '' ? null : text);

export function accountBrandFormToBody(values: AccountBrandFormValues) {
  return {
    brandName: textOrNull(values.brandName),
    brandColor: textOrNull(values.brandColor),
    callToAction: callToActionOf(values.callToAction),
    showEntryCount: values.showEntryCount,
  };
}

export function accountBrandToForm(brand: BrandFields): AccountBrandFormValues {
  return {
    brandName: brand.brandName ?? '',
    brandColor: brand.brandColor ?? '',
    callToAction: brand.callToAction ?? { label: '', url: '' },
    showEntryCount: brand.showEntryCount ?? true,
  };
}

export const accountBrandForm = z.preprocess(
  (values) => accountBrandFormToBody(values as AccountBrandFormValues),
  accountBrandBody,
);

/** Whether a contest shows the entry count: as the account says, or its own choice. */
export const entryCountChoices = ['account', 'show', 'hide'] as const;
export type EntryCountChoice = (typeof entryCountChoices)[number];

/**
 * A contest's own brand fields as the contest form holds them: each field the account's until
 * its own switch is on (`own…`), when what is typed is the contest's.
 */
export type BrandOverrideFormValues = {
  ownName: boolean;
  brandName: string;
  ownColor: boolean;
  brandColor: string;
  ownCallToAction: boolean;
  callToAction: CallToActionForm;
  showEntryCount: EntryCountChoice;
};

/** The contest body's `brand`: null sends a field back to the account's. */
export function brandOverrideFormToBody(values: BrandOverrideFormValues) {
  return {
    brandName: values.ownName ? values.brandName : null,
    brandColor: values.ownColor ? values.brandColor : null,
    callToAction: values.ownCallToAction ? callToActionOf(values.callToAction) : null,
    showEntryCount: values.showEntryCount === 'account' ? null : values.showEntryCount === 'show',
  };
}

/** The edit form's values from the contest's `brandOverride` (a new contest: all the account's). */
export function brandOverrideToForm(override: BrandFields | null): BrandOverrideFormValues {
  return {
    ownName: Boolean(override?.brandName),
    brandName: override?.brandName ?? '',
    ownColor: Boolean(override?.brandColor),
    brandColor: override?.brandColor ?? '',
    ownCallToAction: Boolean(override?.callToAction),
    callToAction: override?.callToAction ?? { label: '', url: '' },
    showEntryCount:
      override?.showEntryCount == null ? 'account' : override.showEntryCount ? 'show' : 'hide',
  };
}

/** A new contest: every field the account's. */
export const emptyBrandOverrideForm = brandOverrideToForm(null);
