import type { OwnerPlace } from '#shared/contracts/claims.ts';
import type { DrawnPlace } from '#shared/contracts/draws.ts';
import { ordinal } from '#shared/ordinal.ts';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { claimChip, placeActions } from '../lib/claim-chip.ts';
import { ClaimDetails, ClaimStatusChip } from './claim-status.tsx';
import { DisqualifyDialog } from './disqualify-dialog.tsx';
import { FulfilmentDialog } from './fulfilment-dialog.tsx';
import { ResendNoticeButton } from './resend-notice-button.tsx';

const rowClass =
  'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-3 rounded-lg bg-card/80 p-3 shadow-xs sm:grid-cols-[auto_minmax(0,1fr)_auto]';

function PositionBadge({ position }: { position: number }) {
  return (
    <span className="inline-flex h-7 min-w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 px-2 text-xs font-bold text-amber-900">
      {ordinal(position)}
    </span>
  );
}

/**
 * One winner: their name and e-mail, where their prize stands (the claim, what the owner
 * reported), what they gave when claiming, and the owner's next steps.
 */
export function WinnerRow({
  contestId,
  place,
  claimed,
  now,
  shownEmail,
  emailsHidden,
  isBusy,
  onDisqualified,
  onFailed,
}: {
  contestId: string;
  place: DrawnPlace;
  /** The place as the claims list has it, when it names the same pick (else still loading). */
  claimed: NonNullable<OwnerPlace['winner']> | undefined;
  now: number;
  shownEmail: (email: string) => string;
  emailsHidden: boolean;
  isBusy: boolean;
  onDisqualified: (place: DrawnPlace) => void;
  onFailed: () => void;
}) {
  const chip = claimed ? claimChip(claimed, now) : null;
  const actions = claimed ? placeActions(claimed) : null;
  const deadline = claimed?.claim.status === 'pending' ? claimed.claim.deadline : null;
  // On phones each step is a full-width button, as a dialog's are.
  const step = {
    contestId,
    position: place.position,
    name: place.name,
    disabled: isBusy,
    className: 'w-full sm:w-auto',
  };
  const hasDetails = Boolean(claimed?.claimant || claimed?.fulfilment);
  const hasSteps = Boolean(actions?.resend || actions?.markSent || actions?.markDelivered);
  return (
    <li className={rowClass}>
      <PositionBadge position={place.position} />
      <div className="grid min-w-0 justify-items-start gap-1.5">
        <div className="max-w-full">
          <p className="break-words text-lg font-extrabold leading-snug">{place.name}</p>
          <EmailText
            email={shownEmail(place.email)}
            className="block text-sm text-muted-foreground"
          />
          {place.method === 'manual' ? (
            <p className="text-xs text-muted-foreground">Picked by hand</p>
          ) : null}
        </div>
        {chip ? <ClaimStatusChip chip={chip} /> : null}
        {deadline ? (
          <p className="text-xs text-muted-foreground">Claim by {formatDateTime(deadline)}</p>
        ) : null}
      </div>
      {hasDetails || hasSteps ? (
        <div className="col-span-2 grid gap-2 sm:col-span-2 sm:col-start-2">
          {claimed && hasDetails ? <ClaimDetails winner={claimed} isHidden={emailsHidden} /> : null}
          {hasSteps ? (
            <div className="grid gap-2 sm:flex sm:flex-wrap">
              {actions?.resend ? <ResendNoticeButton {...step} /> : null}
              {actions?.markSent ? <FulfilmentDialog {...step} status="sent" /> : null}
              {actions?.markDelivered ? <FulfilmentDialog {...step} status="delivered" /> : null}
            </div>
          ) : null}
        </div>
      ) : null}
      <DisqualifyDialog
        contestId={contestId}
        place={place}
        disabled={isBusy}
        onDisqualified={onDisqualified}
        onFailed={onFailed}
        className="col-span-2 w-full sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:w-auto sm:self-start"
      />
    </li>
  );
}

/** A place whose winner was lost (declined, or did not claim in time) with nobody left to draw. */
export function UnfilledRow({ position }: { position: number }) {
  return (
    <li className={rowClass}>
      <PositionBadge position={position} />
      <p className="self-center text-sm text-muted-foreground">
        No entry was left to take this place.
      </p>
    </li>
  );
}
