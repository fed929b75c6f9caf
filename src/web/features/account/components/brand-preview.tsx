import { ExternalLink, Gift } from 'lucide-react';
import { brandTextColor, type CallToAction } from '#shared/contracts/brand.ts';
import type { UploadedImage } from '#shared/contracts/contest-images.ts';
import { Button } from '#web/components/ui/button.tsx';
import { BrandHeader } from '#web/features/contest-entry/components/brand-header.tsx';
import { brandProps } from '#web/lib/brand-style.ts';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A small entry page in the brand being set (docs/product.md#the-owners-brand): the header with
 * the logo and name, the band and the button in the colour, and the button after entering. It
 * uses the pages' own header and colouring, so what it shows is what entrants will see.
 */
export function BrandPreview({
  name,
  color,
  logo,
  callToAction,
}: {
  name: string | null;
  color: string | null;
  logo: UploadedImage | null;
  callToAction: CallToAction | null;
}) {
  const hex = color && HEX_COLOR.test(color.trim()) ? color.trim().toLowerCase() : null;
  const textColor = hex ? brandTextColor(hex) : null;
  return (
    <div
      className="grid gap-3 rounded-xl border border-border bg-gradient-to-b from-primary-soft to-background p-4"
      {...brandProps(textColor ? { color: hex, textColor } : null)}
    >
      {name || logo ? (
        <BrandHeader brand={{ name, logo: logo && { ...logo, renditions: [] } }} />
      ) : null}
      <div className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
        <p className="bg-primary px-4 py-3 text-primary-foreground">
          <span className="block font-extrabold">Your giveaway</span>
          <span className="mt-1 flex items-center gap-1.5 text-sm text-violet-100">
            <Gift aria-hidden className="size-4 shrink-0 text-accent" />
            The prize
          </span>
        </p>
        <div className="grid gap-2 p-4">
          <Button type="button" tabIndex={-1} aria-hidden>
            Enter Contest
          </Button>
          {callToAction ? (
            <>
              <p className="mt-1 text-xs text-muted-foreground">After entering:</p>
              <Button type="button" tabIndex={-1} aria-hidden>
                {callToAction.label}
                <ExternalLink aria-hidden />
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
