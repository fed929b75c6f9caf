import { PRODUCT_NAME } from '#shared/constants.ts';
import type { ContestBrand } from '#shared/contracts/brand.ts';

/**
 * Whose giveaway it is, above the page's card: the owner's logo and business name, the platform
 * in small print (docs/product.md#the-owners-brand). The logo is its first WebP rendition, the
 * 128 px square, sharp at 3x in a 40 px box.
 */
export function BrandHeader({ brand }: { brand: Pick<ContestBrand, 'name' | 'logo'> }) {
  const { name, logo } = brand;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {logo ? (
        <img
          src={logo.renditions.find((file) => file.format === 'webp')?.url ?? logo.url}
          width={40}
          height={40}
          alt={name ? '' : 'Logo'}
          className="size-10 shrink-0 rounded-lg bg-card object-contain shadow-sm"
        />
      ) : null}
      <p className="grid min-w-0 leading-tight">
        {name ? <span className="break-words font-bold">{name}</span> : null}
        <span className="text-xs text-muted-foreground">Giveaway on {PRODUCT_NAME}</span>
      </p>
    </div>
  );
}
