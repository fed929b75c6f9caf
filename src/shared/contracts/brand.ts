import { z } from 'zod';
import { contestImage, toContestImage, type StoredImage } from './contest-images.ts';
import { isPlainText, notPlainTextMessage } from './plain-text.ts';

/**
 * The owner's brand (docs/product.md#the-owners-brand): a business name, a colour, a logo, a
 * button shown after entering, and whether the entry page shows how many have entered. Set once
 * on the account and overridden per contest; what a contest shows is the contest's value, else
 * the account's, else the platform's own look.
 */

export const BRAND_NAME_MAX_LENGTH = 60;
export const CALL_TO_ACTION_LABEL_MAX_LENGTH = 30;
export const CALL_TO_ACTION_URL_MAX_LENGTH = 500;

/** The two text colours a brand colour may carry: white, or the page's own near-black. */
export const BRAND_TEXT_COLORS = ['#ffffff', '#18181b'] as const;
export type BrandTextColor = (typeof BRAND_TEXT_COLORS)[number];
/** WCAG 2 AA for normal text: what a button label or a link on the brand colour must reach. */
export const BRAND_MIN_CONTRAST = 4.5;

export const brandMessages = {
  nameRequired: 'Enter a business name, or leave the field empty',
  nameLength: `A business name has at most ${BRAND_NAME_MAX_LENGTH} characters`,
  colorFormat: 'Enter a colour as # and six hex digits, for example #0f766e',
  colorContrast:
    'Text on this colour would be hard to read in white and in black (below 4.5:1 contrast): choose a darker or a lighter shade',
  labelRequired: 'Enter the button text',
  labelLength: `Button text has at most ${CALL_TO_ACTION_LABEL_MAX_LENGTH} characters`,
  urlInvalid: 'Enter the button link as a full https:// address',
  urlLength: `The button link has at most ${CALL_TO_ACTION_URL_MAX_LENGTH} characters`,
  showEntryCount: 'Show entry count must be true or false',
  noLogo: 'Your account has no logo.',
};

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** The relative luminance of an sRGB colour `#rrggbb` (WCAG 2). */
function luminance(color: string): number {
  const channel = (offset: number) => {
    const value = parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour that reads best on `color`, or null when neither white nor near-black reaches
 * 4.5:1 (a mid tone such as #808080): such a colour is refused.
 */
export function brandTextColor(color: string): BrandTextColor | null {
  const [best] = BRAND_TEXT_COLORS.map((text) => ({
    text,
    ratio: contrastRatio(color, text),
  })).sort((a, b) => b.ratio - a.ratio);
  return best!.ratio >= BRAND_MIN_CONTRAST ? best!.text : null;
}

const brandName = z
  .string({ error: brandMessages.nameRequired })
  .trim()
  .min(1, brandMessages.nameRequired)
  .max(BRAND_NAME_MAX_LENGTH, brandMessages.nameLength)
  .refine(isPlainText, notPlainTextMessage('A business name'));

const brandColor = z
  .string({ error: brandMessages.colorFormat })
  .trim()
  .toLowerCase()
  .regex(HEX_COLOR, brandMessages.colorFormat)
  .refine((color) => brandTextColor(color) !== null, brandMessages.colorContrast);

const callToAction = z.object(
  {
    label: z
      .string({ error: brandMessages.labelRequired })
      .trim()
      .min(1, brandMessages.labelRequired)
      .max(CALL_TO_ACTION_LABEL_MAX_LENGTH, brandMessages.labelLength)
      .refine(isPlainText, notPlainTextMessage('Button text')),
    url: z
      .string({ error: brandMessages.urlInvalid })
      .trim()
      .max(CALL_TO_ACTION_URL_MAX_LENGTH, brandMessages.urlLength)
      .pipe(
        z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: brandMessages.urlInvalid }),
      ),
  },
  { error: brandMessages.labelRequired },
);
export type CallToAction = z.infer<typeof callToAction>;

const showEntryCount = z.boolean({ error: brandMessages.showEntryCount });

/**
 * The brand fields as both the account and a contest keep them: a field left out (or null) has
 * no value there (a contest then shows the account's).
 */
export type StoredBrand = {
  brandName?: string;
  brandColor?: string;
  callToAction?: CallToAction;
  showEntryCount?: boolean;
};
/** The account's brand also holds its logo (a contest's own logo is its `images.logo`). */
export type StoredAccountBrand = StoredBrand & { logo?: StoredImage };

/**
 * A change to the brand fields (the account's, or a contest's override): a field left out keeps
 * its value, null clears it.
 */
export const brandFieldsBody = z.object({
  brandName: brandName.nullable().optional(),
  brandColor: brandColor.nullable().optional(),
  callToAction: callToAction.nullable().optional(),
  showEntryCount: showEntryCount.nullable().optional(),
});
export type BrandFieldsBody = z.input<typeof brandFieldsBody>;

/** `PUT /api/account/brand`. */
export const accountBrandBody = brandFieldsBody;

/** The brand fields as the account page and the contest form read them (null: not set). */
export const brandFields = z.object({
  brandName: z.string().nullable(),
  brandColor: z.string().nullable(),
  callToAction: z.object({ label: z.string(), url: z.string() }).nullable(),
  showEntryCount: z.boolean().nullable(),
});
export type BrandFields = z.infer<typeof brandFields>;

/** `GET` and `PUT /api/account/brand`: the fields and the logo (its largest WebP, its size). */
export const accountBrand = brandFields.extend({
  logo: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
});
export type AccountBrand = z.infer<typeof accountBrand>;

/**
 * What a contest shows (the contest's values over the account's): null name and colour mean the
 * platform's own look; `textColor` is the text colour on `color`.
 */
export const contestBrand = z.object({
  name: z.string().nullable(),
  color: z.string().nullable(),
  textColor: z.enum(BRAND_TEXT_COLORS).nullable(),
  logo: contestImage.nullable(),
  callToAction: z.object({ label: z.string(), url: z.string() }).nullable(),
  showEntryCount: z.boolean(),
});
export type ContestBrand = z.infer<typeof contestBrand>;

/** The stored fields as the API shows them (null where unset). */
export function toBrandFields(brand: StoredBrand): BrandFields {
  return {
    brandName: brand.brandName ?? null,
    brandColor: brand.brandColor ?? null,
    callToAction: brand.callToAction ?? null,
    showEntryCount: brand.showEntryCount ?? null,
  };
}

/** The stored fields after a change: left out keeps, null clears. */
export function applyBrandChange<T extends StoredBrand>(
  brand: T,
  change: z.output<typeof brandFieldsBody>,
): T {
  const next: StoredBrand = { ...brand };
  for (const key of ['brandName', 'brandColor', 'callToAction', 'showEntryCount'] as const) {
    const value = change[key];
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else Object.assign(next, { [key]: value });
  }
  return next as T;
}

/**
 * What a contest shows: each field the contest's own, else the account's; the logo the
 * contest's own (`images.logo`), else the account's.
 */
export function resolveContestBrand(
  own: StoredBrand,
  account: StoredAccountBrand,
  ownLogo: StoredImage | undefined,
): ContestBrand {
  const color = own.brandColor ?? account.brandColor ?? null;
  return {
    name: own.brandName ?? account.brandName ?? null,
    color,
    textColor: color ? brandTextColor(color) : null,
    logo: toContestImage(ownLogo ?? account.logo),
    callToAction: own.callToAction ?? account.callToAction ?? null,
    showEntryCount: own.showEntryCount ?? account.showEntryCount ?? true,
  };
}
