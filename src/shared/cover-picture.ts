/**
 * How the entry page asks for a contest's cover (docs/product.md#contest-images): its <picture>
 * and the server's preload of it must name the same files for the same widths, or the browser
 * fetches the photo twice. Apart from the images contract, whose schemas (zod) stay out of the
 * entry page's script.
 */

type Rendition = { url: string; format: string; width: number };

/** The card's width: the page's column (max-w-lg, 512 px) inside its 16 px margins. */
export const COVER_SIZES = '(min-width:544px) 512px,calc(100vw - 32px)';

/** A cover's renditions in one format, widest last (the share crop is the only JPEG). */
export const coverSrcSet = (renditions: Rendition[], format: 'avif' | 'webp') =>
  renditions
    .filter((file) => file.format === format)
    .map((file) => `${file.url} ${file.width}w`)
    .join();
