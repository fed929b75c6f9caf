import { Trophy } from 'lucide-react';
import type { DrawnPlace } from '#shared/contracts/draws.ts';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { formatDateTime } from '#web/lib/format-date.ts';
import { useShownEmail } from '#web/lib/hide-emails.ts';
import { ordinal } from '#shared/ordinal.ts';
import { DisqualifyDialog } from './disqualify-dialog.tsx';
import { RedrawDialog } from './redraw-dialog.tsx';

/**
 * The winners by position, with each one's name and e-mail for the owner, a way to disqualify
 * each, and "Redraw all places" / "Redraw the winner" (docs/product.md#the-draw), which
 * disqualifies them all.
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
        {places.map((place) => (
          <li
            key={place.p}
            className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-lg bg-card/80 p-3 shadow-xs sm:grid-cols-[auto_minmax(0,1fr)_auto]"
          >
            <span className="inline-flex h-7 min-w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 px-2 text-xs font-bold text-amber-900">
              {ordinal(place.position)}
            </span>
            <div className="min-w-0">
              <p className="break-words text-lg font-extrabold leading-snug">{place.name}</p>
              <EmailText
                email={shownEmail(place.email)}
                className="block text-sm text-muted-foreground"
              />
              {place.method === 'manual' ? (
                <p className="text-xs text-muted-foreground">Picked by hand</p>
              ) : null}
            </div>
            <DisqualifyDialog
              contestId={contestId}
              place={place}
              disabled={isBusy}
              onDisqualified={onDisqualified}
              onFailed={onFailed}
              className="col-start-2 justify-self-start sm:col-start-3 sm:justify-self-end"
            />
          </li>
        ))}
      </ol>
      {selectedAt ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Selected on {formatDateTime(selectedAt)}
        </p>
      ) : null}
      <RedrawDialog
        contestId={contestId}
        places={places}
        winnersCount={winnersCount}
        disabled={isBusy}
        onRedrawn={onRedrawn}
        onFailed={onFailed}
      />
    </section>
  );
}
