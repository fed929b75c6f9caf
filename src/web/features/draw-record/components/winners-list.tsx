import { useState } from 'react';
import type { DrawRecordPick } from '#shared/contracts/draws.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';

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

function PickLine({ pick }: { pick: DrawRecordPick }) {
  const isDisqualified = pick.status === 'disqualified';
  return (
    <li className="grid gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {isDisqualified ? (
          <s className="font-semibold text-muted-foreground decoration-2">{pick.displayName}</s>
        ) : (
          <strong className="text-lg font-bold">{pick.displayName}</strong>
        )}
        {pick.method === 'manual' ? <Badge tone="warning">Chosen by hand</Badge> : null}
        {isDisqualified ? <Badge tone="danger">Disqualified</Badge> : null}
      </p>
      <p className="text-xs text-muted-foreground">
        Pick {pick.p}
        {pick.method === 'manual' ? ', named by the owner' : ', drawn at random'} on{' '}
        {formatDateTime(pick.drawnAt)}
      </p>
      {isDisqualified ? (
        <p className="text-sm text-foreground">
          <span className="font-medium">Reason:</span> {pick.reason}
          {pick.disqualifiedAt ? (
            <span className="text-muted-foreground">
              {' '}
              (disqualified on {formatDateTime(pick.disqualifiedAt)})
            </span>
          ) : null}
        </p>
      ) : null}
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
                    {place.picks.map((pick) => (
                      <PickLine key={pick.p} pick={pick} />
                    ))}
                  </ol>
                ) : null}
                {holder ? null : (
                  <p className="self-center text-sm text-muted-foreground">
                    {place.picks.length > 0
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
