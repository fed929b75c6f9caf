import type { CSSProperties } from 'react';
import type { ContestBrand } from '#shared/contracts/brand.ts';

type BrandColors = Pick<ContestBrand, 'color' | 'textColor'>;

/**
 * The accent of a page in the owner's colour (docs/product.md#the-owners-brand): the colour and
 * its text colour on the page's root element, which the server renders too, so there is no flash
 * of the platform's violet before the script runs. src/web/styles.css derives the theme's
 * variables from them (`[data-brand]`): the shades live in CSS, outside the entry page's script.
 * `data-brand` says whether the colour carries white text (`dark`) or near-black (`light`).
 */
export function brandProps(brand: BrandColors | null | undefined) {
  return brand?.color && brand.textColor
    ? {
        'data-brand': brand.textColor === '#ffffff' ? 'dark' : 'light',
        style: { '--brand': brand.color, '--brand-text': brand.textColor } as CSSProperties,
      }
    : {};
}
