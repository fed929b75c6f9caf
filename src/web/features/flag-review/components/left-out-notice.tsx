import { ShieldAlert } from 'lucide-react';
import { useFlagReview } from '../api/get-flag-review.ts';
import { FLAG_REVIEW_ANCHOR } from './flag-review-card.tsx';

/**
 * Beside the wheel: how many flagged entries the flag rules or the owner's choices leave off it,
 * with a way to the review (docs/product.md#flagged-entries). Nothing when none is left out.
 */
export function LeftOutNotice({ contestId }: { contestId: string }) {
  const leftOut = useFlagReview(contestId).data?.leftOut ?? 0;
  if (leftOut === 0) return null;
  return (
    <p className="flex items-center justify-center gap-1.5 text-center text-sm text-amber-900">
      <ShieldAlert aria-hidden className="size-4 shrink-0 text-amber-700" />
      <span>
        {leftOut.toLocaleString()} flagged {leftOut === 1 ? 'entry is' : 'entries are'} left out:{' '}
        <a
          href={`#${FLAG_REVIEW_ANCHOR}`}
          className="font-semibold text-primary underline underline-offset-4"
        >
          review
        </a>
      </span>
    </p>
  );
}
