import type { CSSProperties } from 'react';
import type { ContestBrand } from '#shared/contracts/brand.ts';

type BrandColors = Pick<ContestBrand, 'color' | 'textColor'>;

/**
 * The accent of a page in the owner's colour (docs/product.md#the-owners-brand): the theme's
 * variables (src/web/styles.css) set on the page's root element, which the server renders too,
 * so buttons, bands and tints take the colour with no flash of the platform's violet. The violet
 * shades the public pages use for borders and text on tints become shades of the colour. Hover
 * moves away from the text colour (darker under white text, lighter under near-black), so the
 * label stays as readable as the contract made sure it is.
 *
 * A colour that carries near-black text is too light to be text on white itself:
 * `data-brand-light` makes styles.css write accent text in a dark shade of it.
 */
export function brandProps(brand: BrandColors | null | undefined) {
  const color = brand?.color;
  const text = brand?.textColor;
  if (!color || !text) return {};
  const isLight = text !== '#ffffff';
  const mix = (share: number, other: string) => `color-mix(in oklab,${color} ${share}%,${other})`;
  const style = {
    '--color-primary': color,
    '--color-primary-foreground': text,
    '--color-primary-hover': mix(85, isLight ? '#fff' : '#000'),
    '--color-primary-soft': mix(14, '#fff'),
    '--color-ring': isLight ? mix(45, '#18181b') : color,
    '--color-violet-100': text,
    '--color-violet-200': mix(30, '#fff'),
    '--color-violet-900': mix(40, '#18181b'),
    '--color-violet-950': mix(25, '#18181b'),
  } as CSSProperties;
  return isLight ? { style, 'data-brand-light': '' } : { style };
}
