/**
 * The wheel's arithmetic, free of any drawing. Angles are degrees, clockwise; the pointer sits
 * at the top. With rotation 0, slice i spans its arc (`sliceArc`) from the pointer: its share of
 * 360 degrees is its weight over the total (1 each when every entry weighs the same).
 */

import { uprightLabel } from '#web/lib/wheel-labels.ts';

export const SPIN_MS = 3000;
export const MIN_TURN_DEGREES = 1080;
export const MAX_TURN_DEGREES = 1800;
/** Speed while the server's answer is on its way: that of the final ease-out's start. */
export const CRUISE_DEGREES_PER_MS = (3 * 1440) / SPIN_MS;

/**
 * Where the slices lie: `bounds[i]` is the weight of the slices before slice i, so slice i spans
 * [bounds[i], bounds[i + 1]) of `total`. Summed once per set of entries: a landing or a frame
 * never walks the slices again.
 */
export type WheelLayout = {
  count: number;
  total: number;
  bounds: Float64Array;
  /** The weights it was summed from (null: every slice weighs 1). */
  weights: readonly number[] | null;
};

export function wheelLayout(count: number, weights: readonly number[] | null = null): WheelLayout {
  const bounds = new Float64Array(count + 1);
  for (let index = 0; index < count; index += 1) {
    bounds[index + 1] = bounds[index]! + (weights ? weights[index]! : 1);
  }
  return { count, total: bounds[count]!, bounds, weights };
}

function sameWeights(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

let latestLayout: WheelLayout | null = null;

/**
 * `wheelLayout`, kept while the slices stay the same: each draw reads the wheel anew, and the
 * same weights must not sum again nor, worse, render the wheel's image again mid-spin.
 */
export function layoutFor(count: number, weights: readonly number[] | null): WheelLayout {
  if (latestLayout?.count !== count || !sameWeights(latestLayout.weights, weights)) {
    latestLayout = wheelLayout(count, weights);
  }
  return latestLayout;
}

/** Slice `index`'s arc, in degrees from the pointer at rotation 0. */
export function sliceArc(layout: WheelLayout, index: number): { start: number; end: number } {
  const degreesPerWeight = 360 / layout.total;
  return {
    start: layout.bounds[index]! * degreesPerWeight,
    end: layout.bounds[index + 1]! * degreesPerWeight,
  };
}

/**
 * How slice `index`'s name is turned on the wheel's image (at rotation 0): never upside down
 * (src/web/lib/wheel-labels.ts).
 */
export function labelPlacement(layout: WheelLayout, index: number) {
  const { start, end } = sliceArc(layout, index);
  return uprightLabel((start + end) / 2);
}

/** The rotation that shows slice `index` under the pointer, at its middle. */
export function restingRotation(index: number, layout: WheelLayout): number {
  const { start, end } = sliceArc(layout, index);
  return -(start + end) / 2;
}

const mod360 = (angle: number) => ((angle % 360) + 360) % 360;

/** The slice under the pointer at a rotation (a binary search of the bounds). */
export function sliceAtPointer(rotation: number, layout: WheelLayout): number {
  const underPointer = (mod360(-rotation) / 360) * layout.total;
  let low = 0;
  let high = layout.count - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (layout.bounds[middle]! <= underPointer) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The turn of each later spin of a draw of several places: shorter, as it is shorter in time. */
export const FOLLOW_UP_TURN = { min: 360, max: 1080 } as const;

/**
 * Where a spin that started at `startRotation` must end so the pointer lands inside slice
 * `index`, however wide its weight makes it, having turned between 1080 and 1800 degrees in all
 * (or within `turn`). `random` in [0, 1) varies the number of turns and the spot within the
 * slice (kept off its edges).
 */
export function finalRotation(
  startRotation: number,
  index: number,
  layout: WheelLayout,
  random: () => number,
  turn: { min: number; max: number } = { min: MIN_TURN_DEGREES, max: MAX_TURN_DEGREES },
): number {
  const { start, end } = sliceArc(layout, index);
  const spot = start + (end - start) * (0.15 + 0.7 * random());
  const landingMod = mod360(-spot);
  const minimumTurn = turn.min + random() * (turn.max - turn.min - 360);
  const provisional = startRotation + minimumTurn;
  return provisional + mod360(landingMod - provisional);
}

/** Cubic ease-out: fast start, gentle stop. */
export function easeOut(progress: number): number {
  return 1 - (1 - Math.min(1, Math.max(0, progress))) ** 3;
}

/**
 * One spin: it cruises from its start until the target is known (`answeredAt`, ms after the
 * start), then eases from `from` onto `to` in `settleMs` (by default the rest of SPIN_MS).
 */
export type SpinMotion = {
  start: number;
  answeredAt?: number;
  from?: number;
  to?: number;
  settleMs?: number;
};

/**
 * The spin: it cruises from the click until the server's answer arrives (`answeredAt`), then
 * eases out onto the final rotation, ending SPIN_MS after the click (or soon after a slow answer).
 */
export function rotationAt(elapsed: number, spin: SpinMotion): number {
  if (spin.answeredAt === undefined || spin.from === undefined || spin.to === undefined) {
    return spin.start + CRUISE_DEGREES_PER_MS * elapsed;
  }
  if (elapsed <= spin.answeredAt) return spin.start + CRUISE_DEGREES_PER_MS * elapsed;
  const duration = spin.settleMs ?? settleDuration(spin.answeredAt);
  return spin.from + (spin.to - spin.from) * easeOut((elapsed - spin.answeredAt) / duration);
}

/** The easing phase takes the rest of the 3 s, never less than 1.5 s. */
export function settleDuration(answeredAt: number): number {
  return Math.max(1500, SPIN_MS - answeredAt);
}

/** When a spin has come to rest (ms after its start); never while its target is unknown. */
export function spinEndsAt(spin: SpinMotion): number {
  if (spin.answeredAt === undefined || spin.to === undefined) return Infinity;
  return spin.answeredAt + (spin.settleMs ?? settleDuration(spin.answeredAt));
}

/** A later spin of a draw of several places: 1.8 s, shorter when many places follow. */
export const FOLLOW_UP_SPIN_MS = 1800;
export const MIN_FOLLOW_UP_SPIN_MS = 600;
/** The pause on each place before the wheel moves to the next. */
export const FOLLOW_UP_PAUSE_MS = 500;

/** Each later spin's time, so that a draw of many places still ends in about 20 s. */
export function followUpSpinMs(followUps: number): number {
  const share = 20_000 / Math.max(1, followUps) - FOLLOW_UP_PAUSE_MS;
  return Math.floor(Math.min(FOLLOW_UP_SPIN_MS, Math.max(MIN_FOLLOW_UP_SPIN_MS, share)));
}
