import {
  brandOverrideFormToBody,
  type BrandOverrideFormValues,
} from '#shared/contracts/brand-form.ts';
import { brandTextColor, type AccountBrand, type ContestBrand } from '#shared/contracts/brand.ts';
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

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A colour typed so far, when it is whole and carries readable text; else none. */
const usableColor = (color: string | null) =>
  color && HEX_COLOR.test(color.trim()) && brandTextColor(color.trim().toLowerCase())
    ? color.trim().toLowerCase()
    : null;

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
  const color = usableColor(own.brandColor) ?? account?.brandColor ?? null;
  const ownAction =
    own.callToAction && own.callToAction.label.trim() && own.callToAction.url.startsWith('https://')
      ? own.callToAction
      : null;
  const accountLogo = account?.logo ? { ...account.logo, renditions: [] } : null;
  return {
    name: own.brandName?.trim() || account?.brandName || null,
    color,
    textColor: color ? brandTextColor(color) : null,
    logo: ownLogo ?? accountLogo,
    callToAction: ownAction ?? account?.callToAction ?? null,
    showEntryCount: own.showEntryCount ?? account?.showEntryCount ?? true,
  };
}
