import type { ContestBrand } from '#shared/contracts/brand.ts';
import type { ClaimPageView } from '#shared/contracts/claim-page.ts';
import { DeclineStep, PendingCard } from './claim-form.tsx';
import { ClaimedCard, DeclinedCard, NotRequiredCard, RefusalCard } from './claim-outcomes.tsx';
import { ClaimCard, contestOf } from './claim-parts.tsx';
import { PublicFrame } from './public-frame.tsx';

/**
 * The claim link's page, /claim?token=… (docs/product.md#claims): the place and its deadline with
 * the claim form, Decline's question, the outcome, or why the link no longer claims. The server
 * renders it and never hydrates it (server/features/claims/claim-page-routes.ts): every button is
 * a plain form, and public/claim-page.js only adds the live countdown and the question in place.
 */
export function ClaimScreen({
  view,
  brand,
}: {
  view: ClaimPageView;
  /** The contest's brand, when the link names a contest. */
  brand?: ContestBrand | null;
}) {
  return (
    <PublicFrame brand={brand}>
      {view.kind === 'pending' ? (
        <PendingCard view={view} />
      ) : view.kind === 'confirm-decline' ? (
        <ClaimCard contest={contestOf(view.place)}>
          <DeclineStep token={view.token} isInPage={false} />
        </ClaimCard>
      ) : view.kind === 'claimed' ? (
        <ClaimedCard view={view} />
      ) : view.kind === 'declined' ? (
        <DeclinedCard place={view.place} />
      ) : view.kind === 'not-required' ? (
        <NotRequiredCard place={view.place} />
      ) : (
        <RefusalCard refusal={view.refusal} contest={view.contest} />
      )}
    </PublicFrame>
  );
}
