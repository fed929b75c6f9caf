import { ExternalLink } from 'lucide-react';
import type { CallToAction } from '#shared/contracts/brand.ts';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The owner's next step for an entrant who has just entered ("Book a free session",
 * docs/product.md#the-owners-brand): their own https address, in a new tab so the entry stays
 * on screen.
 */
export function CallToActionButton({ callToAction }: { callToAction: CallToAction }) {
  return (
    <Button asChild size="lg" className="w-full">
      <a href={callToAction.url} rel="noopener" target="_blank">
        {callToAction.label}
        <ExternalLink aria-hidden />
      </a>
    </Button>
  );
}
