import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DrawnPlace, WheelData } from '#shared/contracts/draws.ts';
import { ordinal } from '#shared/ordinal.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { getWheel, wheelQueryKey } from '../api/get-wheel.ts';
import { refreshDraw } from '../api/refresh-draw.ts';
import { newPlaces, withPlace } from './places.ts';
import {
  finalRotation,
  FOLLOW_UP_PAUSE_MS,
  FOLLOW_UP_TURN,
  followUpSpinMs,
  layoutFor,
  restingRotation,
  rotationAt,
  spinEndsAt,
  type SpinMotion,
} from './wheel-geometry.ts';

/** What the spin needs of the wheel: draw a frame, and where it stands. */
export type WheelControl = { draw: (rotation: number) => void; currentRotation: () => number };

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wheel's show of a draw. `start` spins at once, sends the request (a draw, or nothing when a
 * disqualification was already sent), reads the wheel for the places it filled and lands on each
 * in turn: the first settles the 3 s spin, each later one has a shorter spin of its own. Until
 * the wheel reaches a place, `shownPlaces` leaves it out, so nothing is revealed early.
 */
export function useDrawSpin({
  contestId,
  wheelRef,
  onDrawChange,
  onDrawn,
}: {
  contestId: string;
  wheelRef: RefObject<WheelControl | null>;
  /** After every draw, failed or not: the page refreshes the contest it shows. */
  onDrawChange: () => void;
  /** Once the wheel has shown every place drawn. */
  onDrawn: (drawn: DrawnPlace[]) => void;
}) {
  const queryClient = useQueryClient();
  const [shownPlaces, setShownPlaces] = useState<DrawnPlace[] | null>(null);
  // The wheel as the draw left it, kept here (not in the query) until the show ends, so that
  // nothing else on the page (the entries' trophies) reveals a place before the wheel does.
  const [drawnWheel, setDrawnWheel] = useState<WheelData | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [canSkip, setCanSkip] = useState(false);
  const frame = useRef(0);
  const running = useRef(false);
  const skipping = useRef(false);
  const interrupt = useRef<(() => void) | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelAnimationFrame(frame.current);
    };
  }, []);

  /** Plays `motion` from now; `rested` resolves once it stops (its target may come later). */
  const play = (motion: SpinMotion) => {
    const startedAt = performance.now();
    const rested = new Promise<void>((resolve) => {
      interrupt.current = () => {
        cancelAnimationFrame(frame.current);
        resolve();
      };
      const tick = (now: number) => {
        if (!mounted.current) return;
        const elapsed = now - startedAt;
        wheelRef.current?.draw(rotationAt(elapsed, motion));
        if (elapsed >= spinEndsAt(motion)) resolve();
        else frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
    });
    return { startedAt, rested };
  };

  const end = (wheel?: WheelData) => {
    cancelAnimationFrame(frame.current);
    interrupt.current = null;
    running.current = false;
    if (wheel) queryClient.setQueryData(wheelQueryKey(contestId), wheel);
    setDrawnWheel(null);
    setShownPlaces(null);
    setCanSkip(false);
    refreshDraw(queryClient, contestId);
    onDrawChange();
  };

  const run = async (request: () => Promise<unknown>, before: DrawnPlace[]) => {
    running.current = true;
    skipping.current = false;
    setShownPlaces(before);
    setAnnouncement('Spinning...');
    const reducedMotion = prefersReducedMotion();
    const first: SpinMotion = { start: wheelRef.current?.currentRotation() ?? 0 };
    // The wheel moves at once; the server's answer decides where it stops.
    const firstSpin = reducedMotion ? null : play(first);

    let wheel: WheelData;
    try {
      await request();
      wheel = await getWheel(contestId);
    } catch (error) {
      setAnnouncement('');
      reportFailure(error, 'Error', 'Failed to set winner');
      end();
      return;
    }
    if (!mounted.current) return;
    const drawn = newPlaces(before, wheel.places);
    if (
      drawn.length === 0 ||
      drawn.some((place) => place.slice < 0 || place.slice >= wheel.count)
    ) {
      setAnnouncement('');
      toast({
        title: 'Error',
        description: 'Failed to select winner. Please try again.',
        variant: 'destructive',
      });
      end();
      return;
    }
    // Entries that came after the wheel loaded are on it now; the new places stay hidden above.
    setDrawnWheel(wheel);
    const layout = layoutFor(wheel.count, wheel.weights);
    setCanSkip(drawn.length > 1 && !reducedMotion);

    let shown = before;
    const reveal = (place: DrawnPlace) => {
      shown = withPlace(shown, place);
      setShownPlaces(shown);
      setAnnouncement(`${ordinal(place.position)} place: ${place.name}`);
    };

    const [firstPlace, ...later] = drawn as [DrawnPlace, ...DrawnPlace[]];
    if (firstSpin) {
      const answeredAt = performance.now() - firstSpin.startedAt;
      const from = rotationAt(answeredAt, first);
      let to = finalRotation(first.start, firstPlace.slice, layout, Math.random);
      // A slow answer: keep turning forward, never back.
      while (to < from + 360) to += 360;
      Object.assign(first, { answeredAt, from, to });
      await firstSpin.rested;
      if (!mounted.current) return;
    }
    reveal(firstPlace);

    const settleMs = followUpSpinMs(later.length);
    for (const place of later) {
      if (reducedMotion || skipping.current) break;
      await pause(FOLLOW_UP_PAUSE_MS);
      if (!mounted.current) return;
      if (skipping.current) break;
      const start = wheelRef.current?.currentRotation() ?? 0;
      const to = finalRotation(start, place.slice, layout, Math.random, FOLLOW_UP_TURN);
      await play({ start, answeredAt: 0, from: start, to, settleMs }).rested;
      if (!mounted.current) return;
      reveal(place);
    }
    // Reduced motion, or the owner skipped the show: every place at once, the wheel on the last.
    const last = drawn[drawn.length - 1]!;
    if (reducedMotion || skipping.current) {
      wheelRef.current?.draw(restingRotation(last.slice, layout));
      for (const place of drawn) shown = withPlace(shown, place);
    }
    setAnnouncement(
      drawn.length === 1
        ? `Winner: ${firstPlace.name}`
        : `Winners: ${shown.map((place) => `${ordinal(place.position)} ${place.name}`).join(', ')}`,
    );
    end(wheel);
    onDrawn(drawn);
  };

  return {
    /** The places to list while a draw is on screen (those still to come left out); else null. */
    shownPlaces,
    /** The wheel to draw while the show is on, once the draw is made (else the query's). */
    drawnWheel,
    isSpinning: shownPlaces !== null,
    /** The live region's text. */
    announcement,
    announce: setAnnouncement,
    /** While the wheel shows several new places in turn. */
    canSkip,
    /** Shows every new place at once. */
    skip: () => {
      skipping.current = true;
      interrupt.current?.();
    },
    /** Draws (`request`) and shows the places it filled; `before`: the places shown until then. */
    start: (request: () => Promise<unknown>, before: DrawnPlace[]) => {
      if (running.current) return;
      void run(request, before);
    },
  };
}
