import { CircleAlert, CircleCheckBig, CircleX, House, ShieldCheck, Trophy } from 'lucide-react';
import {
  claimRefusals,
  type ClaimContest,
  type ClaimPageView,
  type ClaimPlace,
  type ClaimRefusal,
} from '#shared/contracts/claim-page.ts';
import type { PrizeDelivery } from '#shared/contracts/claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  ClaimCard,
  contestOf,
  PrizeBox,
  RecordLink,
  recordHref,
  wonHeading,
} from './claim-parts.tsx';

/** What happens after the claim, by the way the prize travels. */
const nextSteps: Record<PrizeDelivery, string> = {
  shipping: 'The owner will send the prize to the address you gave.',
  digital: 'The owner will send you the prize by e-mail.',
  pickup: 'The owner will contact you by e-mail to arrange picking up the prize.',
};

export function ClaimedCard({ view }: { view: Extract<ClaimPageView, { kind: 'claimed' }> }) {
  const { place, details } = view;
  return (
    <ClaimCard contest={contestOf(place)}>
      <div
        role="status"
        className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
      >
        <CircleCheckBig aria-hidden className="mx-auto size-10 text-success" />
        <h1 className="mt-3 text-2xl font-extrabold text-green-900">Prize claimed</h1>
        <p className="mt-2 text-green-900">
          {details
            ? `Thank you, ${details.fullName}: the prize is yours.`
            : 'You have claimed this prize: it is yours.'}
        </p>
      </div>
      <PrizeBox prize={place.prizeDetails} />
      <section aria-labelledby="next-heading" className="grid gap-2">
        <h2 id="next-heading" className="text-lg font-extrabold">
          What happens next
        </h2>
        <p className="text-sm">
          {nextSteps[place.prizeDelivery]} The public draw record shows when it is on its way.
        </p>
        <p className="text-sm text-muted-foreground">
          A question? Reply to the e-mail that told you that you won: it goes to the owner.
        </p>
      </section>
      {details ? (
        <section aria-labelledby="details-heading" className="grid gap-2">
          <h2 id="details-heading" className="text-lg font-extrabold">
            What you gave
          </h2>
          <dl className="grid gap-2 rounded-xl border border-border p-4 text-sm">
            <div>
              <dt className="text-muted-foreground">Full name</dt>
              <dd className="break-words font-semibold">{details.fullName}</dd>
            </div>
            {details.deliveryAddress !== null ? (
              <div>
                <dt className="text-muted-foreground">Delivery address</dt>
                <dd className="whitespace-pre-line break-words font-semibold">
                  {details.deliveryAddress}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-muted-foreground">Your name announced as a winner</dt>
              <dd className="font-semibold">{details.publicityConsent ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

/** The winner's own decline, just done. */
export function DeclinedCard({ place }: { place: ClaimPlace }) {
  return (
    <ClaimCard contest={contestOf(place)} lead="The prize from">
      <div role="status" className="text-center">
        <CircleX aria-hidden className="mx-auto size-10 text-muted-foreground" />
        <h1 className="mt-3 text-2xl font-extrabold">Prize declined</h1>
        <p className="mt-2 text-muted-foreground">
          You declined this prize. If any entry is left, the next one drawn takes it and is told by
          e-mail.
        </p>
      </div>
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

export function NotRequiredCard({ place }: { place: ClaimPlace }) {
  return (
    <ClaimCard contest={contestOf(place)}>
      <div className="text-center">
        <Trophy aria-hidden className="mx-auto size-10 text-accent" />
        <h1 className="mt-3 text-2xl font-extrabold">{wonHeading(place)}</h1>
        <p className="mt-2 text-muted-foreground">
          There is nothing to claim here: the owner will contact you by e-mail about the prize.
        </p>
      </div>
      <PrizeBox prize={place.prizeDetails} />
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

const refusalTitles: Record<ClaimRefusal, string> = {
  expired: 'Too late to claim',
  declined: 'Prize declined',
  dead: 'This link has stopped working',
  unknown: 'This link cannot be used',
};

/** Why the link no longer claims, in the API's words, with the way to see who holds the place. */
export function RefusalCard({
  refusal,
  contest,
}: {
  refusal: ClaimRefusal;
  contest: ClaimContest | null;
}) {
  const Icon = refusal === 'declined' ? CircleX : CircleAlert;
  return (
    <ClaimCard contest={contest} lead="The prize from">
      <div className="text-center">
        <Icon
          aria-hidden
          className={`mx-auto size-10 ${refusal === 'declined' ? 'text-muted-foreground' : 'text-accent'}`}
        />
        <h1 className="mt-3 text-2xl font-extrabold">{refusalTitles[refusal]}</h1>
        <p role="alert" className="mt-2 text-muted-foreground">
          {claimRefusals[refusal].message}
        </p>
      </div>
      {contest ? (
        <Button asChild size="lg">
          <a href={recordHref(contest.id)}>
            <ShieldCheck aria-hidden />
            See the public draw record
          </a>
        </Button>
      ) : (
        <Button asChild size="lg">
          <a href="/">
            <House aria-hidden />
            Go to the home page
          </a>
        </Button>
      )}
    </ClaimCard>
  );
}
