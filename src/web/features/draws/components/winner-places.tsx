import { Trophy } from 'lucide-react';
import { LIST_CLOCK_REFRESH_MS } from '#shared/constants.ts';
import type { DrawnPlace } from '#shared/contracts/draws.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useEmailsHidden, useShownEmail } from '#web/lib/hide-emails.ts';
import { useNow } from '#web/lib/use-now.ts';
import { useOwnerPlaces } from '../api/get-owner-places.ts';
import { RedrawDialog } from './redraw-dialog.tsx';
import { UnfilledRow, WinnerRow } from './winner-row.tsx';

/**
 * The winners by position, with each one's name and e-mail for the owner, where each prize
 * stands (docs/product.md#claims), a way to disqualify each, and "Redraw all places" / "Redraw
 * the winner" (docs/product.md#the-draw), which disqualifies them all.
 */
export function WinnerPlaces({
  contestId,
  places,
  winnersCount,
  selectedAt,
  isBusy,
  onRedrawn,
  onDisqualified,
  onFailed,
}: {
  contestId: string;
  places: DrawnPlace[];
  winnersCount: number;
  selectedAt: string | null;
  /** A draw is on screen: nothing else may start. */
  isBusy: boolean;
  onRedrawn: () => void;
  onDisqualified: (place: DrawnPlace) => void;
  /** A disqualification or a redraw was refused: the draw is read again. */
  onFailed: () => void;
}) {
  const several = winnersCount > 1;
  const shownEmail = useShownEmail();
  const [emailsHidden] = useEmailsHidden();
  const now = useNow(LIST_CLOCK_REFRESH_MS);
  const claims = useOwnerPlaces(contestId).data?.places ?? [];
  // Each position in turn: its winner, or, once the draw is shown, a place nobody was left to
  // take; a place not drawn yet is not listed.
  const rows = Array.from({ length: winnersCount }, (_, index) => {
    const position = index + 1;
    const place = places.find((held) => held.position === position);
    const listed = claims.find((claim) => claim.position === position);
    return { position, place, listed };
  }).filter(({ place, listed }) => place || (!isBusy && listed?.isUnfilled));
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="winners-title"
      className="mt-5 rounded-xl border border-amber-200 bg-accent-soft p-4 text-center"
    >
      <h3
        id="winners-title"
        className="flex items-center justify-center gap-2 text-sm font-semibold text-amber-900"
      >
        <Trophy aria-hidden className="size-4" />
        {several ? 'Winners' : 'Winner'}
      </h3>
      {several ? (
        <p className="mt-0.5 text-xs text-amber-900/80">
          {places.length} of {winnersCount} places filled
        </p>
      ) : null}
      <ol className="mt-3 grid gap-2 text-left">
        {rows.map(({ position, place, listed }) =>
          place ? (
            <WinnerRow
              key={place.p}
              contestId={contestId}
              place={place}
              // The claims list may not have caught up with the wheel yet: only the same pick.
              claimed={listed?.winner?.p === place.p ? listed.winner : undefined}
              now={now}
              shownEmail={shownEmail}
              emailsHidden={emailsHidden}
              isBusy={isBusy}
              onDisqualified={onDisqualified}
              onFailed={onFailed}
            />
          ) : (
            <UnfilledRow key={`unfilled-${position}`} position={position} />
          ),
        )}
      </ol>
      {selectedAt ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Selected on {formatDateTime(selectedAt)}
        </p>
      ) : null}
      {places.length > 0 ? (
        <RedrawDialog
          contestId={contestId}
          places={places}
          winnersCount={winnersCount}
          disabled={isBusy}
          onRedrawn={onRedrawn}
          onFailed={onFailed}
        />
      ) : null}
    </section>
  );
}
