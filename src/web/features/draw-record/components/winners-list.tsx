import { useState } from 'react';
import type { DrawRecordPick } from '#shared/contracts/draws.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import {
  isLeftEmpty,
  lostClaimLabels,
  lostClaimOf,
  lostClaimSentence,
} from '../lib/claim-words.ts';

/** Places shown before "Show all": a contest can have up to 100. */
const FIRST_PLACES = 10;

/** Each place with every pick it had, oldest first: disqualified ones, then its winner. */
function picksByPosition(winnersCount: number, picks: DrawRecordPick[]) {
  const places = Array.from({ length: winnersCount }, (_, i) => ({
    position: i + 1,
    picks: [] as DrawRecordPick[],
  }));
  for (const pick of [...picks].sort((a, b) => a.p - b.p)) {
    places[pick.position - 1]?.picks.push(pick);
  }
  return places;
}

/** The winner's claim and the prize's way, as the owner reported it; nothing when not asked. */
function ClaimLine({ pick }: { pick: DrawRecordPick }) {
  const { claim, fulfilment } = pick;
  if (claim?.status === 'pending') {
    return (
      <p className="text-sm text-muted-foreground">
        Waiting for the winner to claim
        {claim.deadline ? `, until ${formatDateTime(claim.deadline)}` : ''}
      </p>
    );
  }
  const isClaimed = claim?.status === 'claimed';
  if (!isClaimed && !fulfilment) return null;
  return (
    <p className="flex flex-wrap gap-2">
      {isClaimed ? <Badge tone="success">Claimed</Badge> : null}
      {fulfilment ? (
        <Badge tone="info">{fulfilment === 'delivered' ? 'Prize delivered' : 'Prize sent'}</Badge>
      ) : null}
    </p>
  );
}

function PickLine({ pick, hasReplacement }: { pick: DrawRecordPick; hasReplacement: boolean }) {
  const isDisqualified = pick.status === 'disqualified';
  // Declined, or not claimed in time: the winner's own doing, said so rather than "disqualified".
  const lost = lostClaimOf(pick);
  return (
    <li className="grid gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {isDisqualified ? (
          <s className="font-semibold text-muted-foreground decoration-2">{pick.displayName}</s>
        ) : (
          <strong className="text-lg font-bold">{pick.displayName}</strong>
        )}
        {pick.method === 'manual' ? <Badge tone="warning">Chosen by hand</Badge> : null}
        {lost ? (
          <Badge tone="neutral">{lostClaimLabels[lost]}</Badge>
        ) : isDisqualified ? (
          <Badge tone="danger">Disqualified</Badge>
        ) : null}
      </p>
      <p className="text-xs text-muted-foreground">
        Pick {pick.p}
        {pick.method === 'manual' ? ', named by the owner' : ', drawn at random'} on{' '}
        {formatDateTime(pick.drawnAt)}
      </p>
      {lost ? (
        <p className="text-sm text-foreground">
          {lostClaimSentence(lost, hasReplacement)}
          {pick.disqualifiedAt ? (
            <span className="text-muted-foreground">
              {' '}
              (on {formatDateTime(pick.disqualifiedAt)})
            </span>
          ) : null}
        </p>
      ) : isDisqualified ? (
        <p className="text-sm text-foreground">
          <span className="font-medium">Reason:</span> {pick.reason}
          {pick.disqualifiedAt ? (
            <span className="text-muted-foreground">
              {' '}
              (disqualified on {formatDateTime(pick.disqualifiedAt)})
            </span>
          ) : null}
        </p>
      ) : (
        <ClaimLine pick={pick} />
      )}
    </li>
  );
}

/** The places, by position: the disqualified picks struck through with their reason and time. */
export function WinnersList({
  winnersCount,
  picks,
}: {
  winnersCount: number;
  picks: DrawRecordPick[];
}) {
  const [showAll, setShowAll] = useState(false);
  const places = picksByPosition(winnersCount, picks);
  const shown = showAll ? places : places.slice(0, FIRST_PLACES);
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" aria-label="Winners by position">
        {shown.map((place) => {
          const holder = place.picks.find((pick) => pick.status === 'winner');
          return (
            <li
              key={place.position}
              aria-label={`Place ${place.position}`}
              className="flex gap-3 rounded-xl border border-border p-3 sm:p-4"
            >
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-extrabold text-primary"
              >
                {place.position}
              </span>
              <div className="grid min-w-0 flex-1 gap-3">
                {place.picks.length > 0 ? (
                  <ol className="grid gap-3 break-words">
                    {place.picks.map((pick, index) => (
                      <PickLine
                        key={pick.p}
                        pick={pick}
                        hasReplacement={index < place.picks.length - 1}
                      />
                    ))}
                  </ol>
                ) : null}
                {holder ? null : (
                  <p className="self-center text-sm text-muted-foreground">
                    {isLeftEmpty(place.picks)
                      ? 'No entry was left to take this place.'
                      : place.picks.length > 0
                        ? 'Waiting for a replacement to be drawn.'
                        : 'Not drawn yet.'}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {shown.length < places.length ? (
        <Button variant="outline" className="w-full sm:w-fit" onClick={() => setShowAll(true)}>
          Show all {places.length} places
        </Button>
      ) : null}
    </div>
  );
}
