import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/constants.ts';
import type { ContestBrand } from '#shared/contracts/brand.ts';
import { LogoMark } from '#web/components/layout/logo-mark.tsx';
import { brandProps } from '#web/lib/brand-style.ts';

// The server renders the header in the page; in the browser its small chunk comes after the
// entry page's script (whose budget it would strain, docs/decisions/022-entry-page-bytes.md),
// and the header stays as the server drew it until then.
const BrandHeader = lazy(() =>
  import('./brand-header.tsx').then((module) => ({ default: module.BrandHeader })),
);

/**
 * The entrant's pages (and the public draw record): no sign-in, no app bar, one column that fits
 * the narrowest phone; `backToContest` adds a way back to the contest's entry page. A contest's
 * `brand` heads the column with the owner's name and logo and colours the page.
 */
export function PublicFrame({
  children,
  backToContest,
  wide = false,
  brand,
}: {
  children: ReactNode;
  backToContest?: string;
  wide?: boolean;
  brand?: ContestBrand | null;
}) {
  return (
    <div
      className="min-h-dvh bg-gradient-to-b from-primary-soft to-background px-4 py-6 sm:py-12"
      {...brandProps(brand)}
    >
      <main className={`mx-auto grid w-full gap-4 ${wide ? 'max-w-2xl' : 'max-w-lg'}`}>
        {brand?.name || brand?.logo ? (
          <Suspense fallback={null}>
            <BrandHeader brand={brand} />
          </Suspense>
        ) : null}
        {backToContest && (
          // A full page load: the entry page has its own small root (src/web/main.tsx).
          <a
            href={`/c/${encodeURIComponent(backToContest)}`}
            className="tap-target inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to the contest
          </a>
        )}
        {children}
      </main>
      <footer className="mt-8 flex items-center justify-center gap-2 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        Powered by {PRODUCT_NAME}
      </footer>
    </div>
  );
}
