import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Sparkles, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import type { DrawResult } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useDrawWinner } from '../api/draw-winner.ts';
import { useDraws } from '../api/get-draws.ts';
import { useWheel } from '../api/get-wheel.ts';
import { refreshDraw } from '../api/refresh-draw.ts';
import { useResetWinner } from '../api/reset-winner.ts';
import { finalRotation, rotationAt, settleDuration, sliceDegrees } from '../lib/wheel-geometry.ts';
import { DrawHistory } from './draw-history.tsx';
import { Wheel, type WheelHandle } from './wheel.tsx';

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

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The rotation that shows slice `index` under the pointer. */
const restingRotation = (index: number, count: number) => -(index + 0.5) * sliceDegrees(count);

type SpinCardProps = {
  contest: OwnerContest;
  entryCount: number;
  /** After a draw or a reset, so the page can refresh the contest it shows (its winner). */
  onDrawChange: () => void;
};

export function SpinCard({ contest, entryCount, onDrawChange }: SpinCardProps) {
  const queryClient = useQueryClient();
  const wheelQuery = useWheel(contest.id);
  const drawsQuery = useDraws(contest.id);
  const drawWinner = useDrawWinner(contest.id);
  const resetWinner = useResetWinner(contest.id);
  const wheelRef = useRef<WheelHandle>(null);
  const [isSpinning, setIsSpinning] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Entries that arrived after the wheel loaded join it when the server's draw counts them.
  const [extraSlices, setExtraSlices] = useState(0);

  const wheel = wheelQuery.data;
  const count = (wheel?.count ?? 0) + extraSlices;
  const hasWinner = Boolean(contest.winnerId);
  const winnerRotation =
    hasWinner && wheel?.winnerIndex != null && !isSpinning
      ? restingRotation(wheel.winnerIndex, wheel.count)
      : null;
  const latest = drawsQuery.data?.[0];
  const winner = hasWinner && latest && latest.action !== 'reset' ? latest : null;

  const finish = (result: DrawResult) => {
    setIsSpinning(false);
    setAnnouncement(`Winner: ${result.winner.name}`);
    toast({
      title: 'Winner Selected!',
      description: `${result.winner.name} wins!`,
      variant: 'success',
    });
    celebrate();
    refreshDraw(queryClient, contest.id);
    onDrawChange();
  };

  const spin = () => {
    if (isSpinning || hasWinner || count === 0) return;
    setIsSpinning(true);
    setAnnouncement('Spinning...');
    const reducedMotion = prefersReducedMotion();
    const motion: { start: number; answeredAt?: number; from?: number; to?: number } = {
      start: wheelRef.current?.currentRotation() ?? 0,
    };
    let result: DrawResult | undefined;
    let frame = 0;
    const startedAt = performance.now();
    const tick = (now: number) => {
      const elapsed = now - startedAt;
      wheelRef.current?.draw(rotationAt(elapsed, motion));
      if (
        result &&
        motion.answeredAt !== undefined &&
        elapsed >= motion.answeredAt + settleDuration(motion.answeredAt)
      ) {
        finish(result);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    // The wheel moves at once; the server's answer decides where it stops.
    if (!reducedMotion) frame = requestAnimationFrame(tick);

    drawWinner.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.index < 0 || answer.index >= answer.entryCount) {
          cancelAnimationFrame(frame);
          setIsSpinning(false);
          toast({
            title: 'Error',
            description: 'Failed to select winner. Please try again.',
            variant: 'destructive',
          });
          refreshDraw(queryClient, contest.id);
          onDrawChange();
          return;
        }
        if (answer.entryCount > count) setExtraSlices(answer.entryCount - (wheel?.count ?? 0));
        const answeredAt = performance.now() - startedAt;
        const from = rotationAt(answeredAt, motion);
        let to = finalRotation(motion.start, answer.index, answer.entryCount, Math.random);
        // A slow answer: keep turning forward, never back.
        while (to < from + 360) to += 360;
        if (reducedMotion) {
          wheelRef.current?.draw(to);
          finish(answer);
          return;
        }
        Object.assign(motion, { answeredAt, from, to });
        result = answer;
      },
      onError: (error) => {
        cancelAnimationFrame(frame);
        setIsSpinning(false);
        setAnnouncement('');
        reportFailure(error, 'Error', 'Failed to set winner');
      },
    });
  };

  const reset = () =>
    resetWinner.mutate(undefined, {
      onSuccess: () => {
        onDrawChange();
        setExtraSlices(0);
        setAnnouncement('The winner was reset. The wheel is ready.');
        toast({ title: 'Winner Reset!', description: 'You can spin the wheel again.' });
      },
      onError: (error) => {
        reportFailure(error, 'Error', 'Failed to reset winner');
      },
    });

  const buttonLabel = hasWinner ? 'COMPLETE' : isSpinning ? 'SPINNING...' : 'SPIN';
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
        {announcement}
      </p>
      {entryCount === 0 && count === 0 ? (
        <p className="mt-6 rounded-xl bg-muted p-6 text-center text-sm text-muted-foreground">
          No entries yet. Share your contest link to get participants!
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
              count={count}
              labels={extraSlices ? null : wheel.labels}
              restingRotation={winnerRotation}
            />
            <button
              type="button"
              onClick={spin}
              disabled={isSpinning || hasWinner}
              className="absolute left-1/2 top-1/2 flex size-[27%] -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-white bg-foreground text-center text-[0.6rem] font-extrabold tracking-wide text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:hover:scale-100 sm:text-xs"
            >
              {buttonLabel}
            </button>
          </div>
          <p className="text-sm text-muted-foreground">
            {count.toLocaleString()} {count === 1 ? 'entry' : 'entries'} on the wheel
          </p>
        </div>
      )}
      {winner ? (
        <div
          role="status"
          className="mt-5 rounded-xl border border-amber-200 bg-accent-soft p-4 text-center"
        >
          <p className="flex items-center justify-center gap-2 text-sm font-semibold text-amber-900">
            <Trophy aria-hidden className="size-4" />
            Winner
          </p>
          <p className="mt-1 break-words text-xl font-extrabold">{winner.entrantName}</p>
          <p className="break-all text-sm text-muted-foreground">{winner.entrantEmail}</p>
          {contest.winnerSelectedAt ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Selected on {formatDateTime(contest.winnerSelectedAt)}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={resetWinner.isPending}
            onClick={reset}
          >
            <RotateCcw aria-hidden />
            {resetWinner.isPending ? 'Resetting...' : 'Reset & Pick New Winner'}
          </Button>
        </div>
      ) : null}
      <DrawHistory draws={drawsQuery.data ?? []} />
    </section>
  );
}
