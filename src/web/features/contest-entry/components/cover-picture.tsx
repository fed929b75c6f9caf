import type { ContestImage } from '#shared/contracts/contest-images.ts';
import { COVER_SIZES, coverSrcSet } from '#shared/cover-picture.ts';

/**
 * The contest's cover as the hero of its page: AVIF or WebP at the width the screen needs, sized
 * by its width and height before a byte arrives (nothing below it moves), and fetched first: it
 * is the page's largest paint, above the fold.
 */
export function CoverPicture({ image, alt }: { image: ContestImage; alt: string }) {
  const source = (format: 'avif' | 'webp') => (
    <source
      type={`image/${format}`}
      srcSet={coverSrcSet(image.renditions, format)}
      sizes={COVER_SIZES}
    />
  );
  return (
    <picture>
      {source('avif')}
      {source('webp')}
      <img
        src={image.url}
        width={image.width}
        height={image.height}
        alt={alt}
        fetchPriority="high"
        decoding="async"
        className="h-auto max-h-96 w-full bg-muted object-cover"
      />
    </picture>
  );
}
