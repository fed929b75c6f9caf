import { useQueryClient } from '@tanstack/react-query';
import { FastForward, ListOrdered, ShieldCheck, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { statusAt } from '#shared/contest-time.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import { drawMessages, type DrawnPlace } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { LeftOutNotice } from '#web/features/flag-review/components/left-out-notice.tsx';
import { useDrawPlaces } from '../api/draw-places.ts';
import { useDraws } from '../api/get-draws.ts';
import { useWheel } from '../api/get-wheel.ts';
import { refreshDraw } from '../api/refresh-draw.ts';
import { latestPlace } from '../lib/places.ts';
import { useDrawSpin } from '../lib/use-draw-spin.ts';
import { layoutFor, restingRotation } from '../lib/wheel-geometry.ts';
import { DrawHistory } from './draw-history.tsx';
import { EarlyDrawDialog } from './early-draw-dialog.tsx';
import { Wheel, type WheelHandle } from './wheel.tsx';
import { WinnerPlaces } from './winner-places.tsx';

const CONFETTI_PIECES = 60;
/** canvas-confetti counts frames: 8 s at 60 frames a second, after the server's answer. */
const CONFETTI_TICKS = 8 * 60;

function celebrate() {
  // Its default instance draws in a worker made from a blob: URL, which the CSP forbids.
  void import('canvas-confetti').then(({ default: confetti }) =>
    confetti.create(undefined, { resize: true, useWorker: false })({
      particleCount: CONFETTI_PIECES,
      spread: 90,
      origin: { y: 0.55 },
      ticks: CONFETTI_TICKS,
      disableForReducedMotion: true,
    }),
  );
}

function announceDrawn(drawn: DrawnPlace[]) {
  toast(
    drawn.length === 1
      ? { title: 'Winner Selected!', description: `${drawn[0]!.name} wins!`, variant: 'success' }
      : {
          title: 'Winners Selected!',
          description: `${drawn.length} places filled.`,
          variant: 'success',
        },
  );
  celebrate();
}

type SpinCardProps = {
  contest: OwnerContest;
  entryCount: number;
  /** After a draw or a reset, so the page can refresh the contest it shows (its winners). */
  onDrawChange: () => void;
};

/**
 * The owner's draw: each SPIN fills the next empty place, "Draw all N" fills every one and the
 * wheel shows them in turn; winners can be disqualified with a public reason
 * (docs/draw-protocol.md).
 */
export function SpinCard({ contest, entryCount, onDrawChange }: SpinCardProps) {
  const queryClient = useQueryClient();
  const wheelQuery = useWheel(contest.id);
  const drawsQuery = useDraws(contest.id);
  const drawPlaces = useDrawPlaces(contest.id);
  // The places a draw asked for (undefined: every empty one) while the owner confirms it.
  const [earlyDraw, setEarlyDraw] = useState<{ count: number | undefined } | null>(null);
  const wheelRef = useRef<WheelHandle>(null);
  const spin = useDrawSpin({
    contestId: contest.id,
    wheelRef,
    onDrawChange,
    onDrawn: announceDrawn,
  });

  const wheel = spin.drawnWheel ?? wheelQuery.data;
  const count = wheel?.count ?? 0;
  const layout = layoutFor(count, wheel?.weights ?? null);
  const places = spin.shownPlaces ?? wheel?.places ?? [];
  const emptyPlaces = Math.max(0, contest.winnersCount - places.length);
  const isComplete = Boolean(wheel) && emptyPlaces === 0;
  // Places lost through their claims with nobody left to take them: a SPIN could only fail.
  const isOutOfEntries = Boolean(wheel) && !isComplete && count <= places.length;
  const latest = spin.isSpinning ? undefined : latestPlace(places);
  const wheelRotation = latest && wheel ? restingRotation(latest.slice, layout) : null;

  const startDraw = (placesToDraw: number | undefined) => {
    if (spin.isSpinning || isComplete || isOutOfEntries) return;
    spin.start(() => drawPlaces.mutateAsync(placesToDraw), places);
  };

  // The first draw closes entries for good: while they are open, the owner is asked first.
  const draw = (placesToDraw: number | undefined) => {
    if (spin.isSpinning || isComplete || isOutOfEntries) return;
    if (statusAt(contest) === 'open') setEarlyDraw({ count: placesToDraw });
    else startDraw(placesToDraw);
  };

  const showReplacement = (out: DrawnPlace) =>
    // The disqualification is made: the wheel spins onto the pick that took the place.
    spin.start(
      () => Promise.resolve(),
      places.filter((place) => place.position !== out.position),
    );

  const refresh = () => {
    refreshDraw(queryClient, contest.id);
    onDrawChange();
  };

  const redrawn = () => {
    onDrawChange();
    const what = contest.winnersCount === 1 ? 'the winner' : 'the places';
    spin.announce(`The wheel is ready to draw ${what} again.`);
    toast({ title: 'Ready to Redraw', description: `Spin the wheel to draw ${what} again.` });
  };

  const buttonLabel = isComplete ? 'COMPLETE' : spin.isSpinning ? 'SPINNING...' : 'SPIN';
  return (
    <section
      aria-labelledby="draw-title"
      className="rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id="draw-title" className="flex items-center gap-2 text-lg font-bold">
        <Sparkles aria-hidden className="size-5 text-accent" />
        Spin to Choose Winner
      </h2>
      <p aria-live="polite" className="sr-only">
        {spin.announcement}
      </p>
      {entryCount === 0 && count === 0 ? (
        <p className="mt-6 rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
          No entries yet. Share your contest link to get the first one.
        </p>
      ) : !wheel ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <div className="mt-5 grid justify-items-center gap-4">
          <div className="relative aspect-square w-full max-w-[22rem]">
            <div
              aria-hidden
              className="absolute left-1/2 top-[-8px] z-10 size-0 -translate-x-1/2 border-x-[14px] border-t-[26px] border-x-transparent border-t-foreground drop-shadow"
            />
            <Wheel
              ref={wheelRef}
              layout={layout}
              labels={wheel.labels}
              restingRotation={wheelRotation}
            />
            <button
              type="button"
              onClick={() => draw(1)}
              disabled={spin.isSpinning || isComplete || isOutOfEntries}
              className="absolute left-1/2 top-1/2 flex size-[27%] -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-white bg-foreground text-center text-[0.6rem] font-extrabold tracking-wide text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:hover:scale-100 sm:text-xs"
            >
              {buttonLabel}
            </button>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            {count.toLocaleString()} {count === 1 ? 'entry' : 'entries'} on the wheel
            {contest.winnersCount > 1 ? ` · ${contest.winnersCount} places` : ''}
            {wheel.weights ? (
              <span className="block text-xs">
                Slices are sized by each entry's chances: 1 plus its bonus entries for friends.
              </span>
            ) : null}
          </p>
          {isOutOfEntries && !spin.isSpinning ? (
            <p className="text-center text-sm font-medium">
              {contest.frozenAt ? drawMessages.noEntriesLeft : drawMessages.noEntries}
            </p>
          ) : null}
          <LeftOutNotice contestId={contest.id} />
          {spin.canSkip ? (
            <Button variant="outline" size="sm" onClick={spin.skip}>
              <FastForward aria-hidden />
              Skip to the results
            </Button>
          ) : contest.winnersCount > 1 && emptyPlaces > 1 && !isOutOfEntries ? (
            <Button size="sm" disabled={spin.isSpinning} onClick={() => draw(undefined)}>
              <ListOrdered aria-hidden />
              Draw all {emptyPlaces}
            </Button>
          ) : null}
        </div>
      )}
      {/* Once drawn, a place may be left empty (nobody left to take it): the list says so. */}
      {places.length > 0 || contest.frozenAt ? (
        <WinnerPlaces
          contestId={contest.id}
          places={places}
          winnersCount={contest.winnersCount}
          selectedAt={contest.winnerSelectedAt}
          isBusy={spin.isSpinning}
          onRedrawn={redrawn}
          onDisqualified={showReplacement}
          onFailed={refresh}
        />
      ) : null}
      {contest.seedHash ? (
        <p className="mt-4 text-center text-sm">
          <a
            href={`/c/${contest.id}/draw`}
            target="_blank"
            rel="noopener noreferrer"
            className="tap-target inline-flex items-center gap-1.5 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ShieldCheck aria-hidden className="size-4" />
            Public draw record
          </a>
        </p>
      ) : null}
      <DrawHistory draws={drawsQuery.data ?? []} />
      <EarlyDrawDialog
        endDate={earlyDraw ? contest.endDate : null}
        onCancel={() => setEarlyDraw(null)}
        onConfirm={() => {
          const placesToDraw = earlyDraw?.count;
          setEarlyDraw(null);
          startDraw(placesToDraw);
        }}
      />
    </section>
  );
}
