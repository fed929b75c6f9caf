import {
  CircleCheck,
  CircleX,
  Clock,
  PackageCheck,
  Send,
  TimerOff,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { OwnerPlace } from '#shared/contracts/claims.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import type { ClaimChip, ClaimChipKind } from '../lib/claim-chip.ts';

type Winner = NonNullable<OwnerPlace['winner']>;

const chipLooks: Record<
  ClaimChipKind,
  { icon: LucideIcon; tone: 'success' | 'neutral' | 'warning' | 'info' | 'danger' }
> = {
  waiting: { icon: Clock, tone: 'warning' },
  claimed: { icon: CircleCheck, tone: 'success' },
  declined: { icon: CircleX, tone: 'danger' },
  expired: { icon: TimerOff, tone: 'neutral' },
  sent: { icon: Send, tone: 'info' },
  delivered: { icon: PackageCheck, tone: 'success' },
};

/** Where the winner's prize stands: "Waiting · 2d 3h left", "Claimed", "Sent"... */
export function ClaimStatusChip({ chip }: { chip: ClaimChip }) {
  const { icon: Icon, tone } = chipLooks[chip.kind];
  return (
    <Badge tone={tone} className="py-1">
      <Icon aria-hidden className="size-3.5" />
      {chip.label}
    </Badge>
  );
}

/** One line of the claim's facts: a label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7.5rem_minmax(0,1fr)] sm:gap-2">
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * What the winner gave when claiming (their full name, the address to ship to, whether their
 * name may be announced) and what the owner reported of the prize. Shown as text: an address is
 * never read as markup. While "Hide e-mails" is on (a shared screen) the address and the note
 * stay hidden too.
 */
export function ClaimDetails({ winner, isHidden }: { winner: Winner; isHidden: boolean }) {
  const { claimant, fulfilment, claim } = winner;
  const hidden = <span className="text-muted-foreground">Hidden while e-mails are hidden</span>;
  return (
    <dl className="grid gap-1.5 rounded-lg border border-border bg-muted/60 p-3 text-sm">
      {claimant ? (
        <>
          <Fact label="Full name">{claimant.fullName}</Fact>
          {claimant.deliveryAddress !== null ? (
            <Fact label="Address">
              {isHidden ? (
                hidden
              ) : (
                <span className="whitespace-pre-line">{claimant.deliveryAddress}</span>
              )}
            </Fact>
          ) : null}
          <Fact label="Name in public">
            {claimant.publicityConsent ? 'May be announced' : 'Asked not to be announced'}
          </Fact>
          {claim.claimedAt ? (
            <Fact label="Claimed on">{formatDateTime(claim.claimedAt)}</Fact>
          ) : null}
        </>
      ) : null}
      {fulfilment ? (
        <>
          <Fact label={fulfilment.status === 'delivered' ? 'Delivered on' : 'Sent on'}>
            {formatDateTime(fulfilment.at)}
          </Fact>
          {fulfilment.note ? (
            <Fact label="Your note">{isHidden ? hidden : fulfilment.note}</Fact>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}
