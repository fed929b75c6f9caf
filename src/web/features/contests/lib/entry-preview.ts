import type { z } from 'zod';
import {
  brandOverrideFormToBody,
  type BrandOverrideFormValues,
} from '#shared/contracts/brand-form.ts';
import {
  brandFieldsBody,
  brandTextColor,
  type AccountBrand,
  type ContestBrand,
} from '#shared/contracts/brand.ts';
import { contestFormToBody, type ContestFormValues } from '#shared/contracts/contest-form.ts';
import type { ContestImage } from '#shared/contracts/contest-images.ts';
import { REFERRAL_CAP_DEFAULT } from '#shared/contracts/referrals.ts';

/** What the preview shows until the owner has typed it: what the field asks for. */
export const previewPlaceholders = {
  title: 'Your contest title',
  prizeDetails: 'Your prize',
  description: 'What the contest is about and who can enter.',
};

const whole = (value: number, otherwise: number) =>
  Number.isInteger(value) && value >= 0 ? value : otherwise;

/**
 * The contest as its entry page would show it, open, from the form's values as typed (the same
 * mapping the form sends) and the cover chosen or saved. A value the form would refuse shows as
 * its default: the preview never fails while the owner types.
 */
export function previewContest(values: ContestFormValues, cover: ContestImage | null, now: Date) {
  const body = contestFormToBody(values);
  const end = new Date(body.endDate);
  return {
    // None: the preview's form is never sent, and asks the server for nothing.
    id: '',
    title: body.title.trim() || previewPlaceholders.title,
    description: body.description.trim() || previewPlaceholders.description,
    prizeDetails: body.prizeDetails.trim() || previewPlaceholders.prizeDetails,
    prizeValue: body.prizeValue.trim() || null,
    winnersCount: Math.max(1, whole(body.winnersCount, 1)),
    isRedrawing: false,
    images: { cover, logo: null },
    endDate: (Number.isNaN(end.getTime()) ? now : end).toISOString(),
    referralBonus: whole(body.referralBonus, 0),
    referralCap: whole(body.referralCap, REFERRAL_CAP_DEFAULT),
    requireConfirmation: body.requireConfirmation,
    rules: body.rules,
    consentText: body.consentText.trim(),
  };
}

export type PreviewContest = ReturnType<typeof previewContest>;

type BrandChange = z.output<typeof brandFieldsBody>;

/** A field as typed so far when the contract takes it (a colour not yet whole is none). */
function typedField<K extends keyof typeof brandFieldsBody.shape>(
  key: K,
  value: unknown,
): BrandChange[K] | null {
  const parsed = brandFieldsBody.shape[key].safeParse(value);
  // Each field's own schema: its output is that field's of the whole body.
  return parsed.success ? ((parsed.data ?? null) as BrandChange[K] | null) : null;
}

/**
 * The brand the entry page would show (docs/product.md#the-owners-brand): the contest's own fields
 * as typed so far, else the account's, and the contest's logo, else the account's. A field half
 * typed (a colour not yet whole, a button without its link) shows the account's meanwhile.
 */
export function previewBrand(
  override: BrandOverrideFormValues,
  account: AccountBrand | undefined,
  ownLogo: ContestImage | null,
): ContestBrand {
  const own = brandOverrideFormToBody(override);
  const color = typedField('brandColor', own.brandColor) ?? account?.brandColor ?? null;
  const ownAction = typedField('callToAction', own.callToAction);
  const accountLogo = account?.logo ? { ...account.logo, renditions: [] } : null;
  return {
    name: typedField('brandName', own.brandName) ?? account?.brandName ?? null,
    color,
    textColor: color ? brandTextColor(color) : null,
    logo: ownLogo ?? accountLogo,
    callToAction: ownAction ?? account?.callToAction ?? null,
    showEntryCount: own.showEntryCount ?? account?.showEntryCount ?? true,
  };
}
