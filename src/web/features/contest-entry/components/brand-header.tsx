import { PRODUCT_NAME } from '#shared/constants.ts';
import type { ContestBrand } from '#shared/contracts/brand.ts';

/**
 * Whose giveaway it is, above the page's card: the owner's logo and business name, the platform
 * in small print (docs/product.md#the-owners-brand). The logo's WebP renditions (128 and 256
 * square) let the browser pick the sharp one for a 40 px box.
 */
export function BrandHeader({ brand }: { brand: Pick<ContestBrand, 'name' | 'logo'> }) {
  const { name, logo } = brand;
  const webp = logo?.renditions.filter((file) => file.format === 'webp' && !file.purpose) ?? [];
  return (
    <div className="flex min-w-0 items-center gap-3">
      {logo ? (
        <img
          src={webp[0]?.url ?? logo.url}
          srcSet={webp.map((file) => `${file.url} ${file.width}w`).join()}
          sizes="40px"
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
