import { Gift, ShieldCheck } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import {
  CLAIM_ACTION_FIELD,
  type ClaimContest,
  type ClaimPageAction,
  type ClaimPlace,
} from '#shared/contracts/claim-page.ts';
import { CLAIM_PATH, CLAIM_TOKEN_FIELD } from '#shared/contracts/claims.ts';
import { ordinal } from '#shared/ordinal.ts';

/**
 * The hooks of public/claim-page.js, the page's one small script: the time left, live, and
 * Decline's question asked in place, without the round trip the page makes without it.
 */
export const CLAIM_PAGE_HOOKS = {
  deadline: 'data-claim-deadline',
  /** The server's time of the rendering: the script counts from it, not from the phone's clock. */
  renderedAt: 'data-claim-now',
  claimSection: 'data-claim-section',
  declineOpen: 'data-decline-open',
  declineStep: 'data-decline-step',
  declineCancel: 'data-decline-cancel',
} as const;

export const recordHref = (contestId: string) => `/c/${encodeURIComponent(contestId)}/draw`;

/** "You won 1st place!" when the contest has several winners; "You won!" when it has one. */
export const wonHeading = (place: ClaimPlace) =>
  place.winnersCount > 1 ? `You won ${ordinal(place.position)} place!` : 'You won!';

/** The contest's title on the brand's band, as the confirmation page shows it. */
export function ClaimCard({
  contest,
  lead = 'Your prize from',
  children,
}: {
  contest: ClaimContest | null;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {contest && (
        <header className="bg-primary px-6 py-5 text-primary-foreground">
          <p className="text-sm font-semibold text-violet-100">{lead}</p>
          <p className="mt-1 break-words text-xl font-extrabold leading-tight sm:text-2xl">
            {contest.title}
          </p>
        </header>
      )}
      <div className="grid gap-6 p-6">{children}</div>
    </article>
  );
}

export const contestOf = (place: ClaimPlace): ClaimContest => ({
  id: place.contestId,
  title: place.contestTitle,
});

/** The plain form every button of the page is: the token and what the button does. */
export function ClaimPageForm({
  token,
  action,
  children,
  ...props
}: {
  token: string;
  action: ClaimPageAction;
  children: ReactNode;
} & Omit<ComponentProps<'form'>, 'action' | 'method'>) {
  return (
    <form method="post" action={CLAIM_PATH} {...props}>
      <input type="hidden" name={CLAIM_TOKEN_FIELD} value={token} />
      <input type="hidden" name={CLAIM_ACTION_FIELD} value={action} />
      {children}
    </form>
  );
}

export function RecordLink({ contestId }: { contestId: string }) {
  return (
    <a
      href={recordHref(contestId)}
      className="tap-target inline-flex w-fit items-center gap-1.5 justify-self-center text-sm font-semibold text-primary hover:underline"
    >
      <ShieldCheck aria-hidden className="size-4" />
      See the public draw record
    </a>
  );
}

/** What the prize is, in the owner's words. */
export function PrizeBox({ prize }: { prize: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-4">
      <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-semibold text-primary">Your prize</p>
        <p className="whitespace-pre-line break-words font-semibold">{prize}</p>
      </div>
    </div>
  );
}
