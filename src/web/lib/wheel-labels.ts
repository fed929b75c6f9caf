/**
 * How a name sits on a slice of a wheel (the draw's and the landing page's demo): in a colour
 * that reads on the slice, and never upside down.
 */

const LIGHT_LABEL = '#ffffff';
/** Near-black (zinc-950): the darkest ink of the app's palette. */
const DARK_LABEL = '#09090b';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(one: string, other: string): number {
  const [lighter, darker] = [relativeLuminance(one), relativeLuminance(other)].sort(
    (a, b) => b - a,
  );
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** White or near-black, whichever contrasts more with the slice's colour. */
export function labelColorOn(sliceColor: string): string {
  return contrastRatio(sliceColor, LIGHT_LABEL) >= contrastRatio(sliceColor, DARK_LABEL)
    ? LIGHT_LABEL
    : DARK_LABEL;
}

/**
 * Which way a name runs on the slice whose middle lies `middleDegrees` clockwise from the top:
 * `degrees` is the text's direction, clockwise from 3 o'clock, as a canvas or SVG rotation takes
 * it. A name runs from the centre out to the rim; on the left half that would read upside down,
 * so there it is turned half round (`flipped`) and runs from the rim in, left to right.
 */
export function uprightLabel(middleDegrees: number): { degrees: number; flipped: boolean } {
  const fromTop = ((middleDegrees % 360) + 360) % 360;
  const flipped = fromTop > 180;
  return { degrees: flipped ? fromTop - 270 : fromTop - 90, flipped };
}
