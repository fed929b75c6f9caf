import { describe, expect, it } from 'vitest';
import {
  CRUISE_DEGREES_PER_MS,
  finalRotation,
  FOLLOW_UP_PAUSE_MS,
  FOLLOW_UP_SPIN_MS,
  FOLLOW_UP_TURN,
  followUpSpinMs,
  labelPlacement,
  layoutFor,
  MAX_TURN_DEGREES,
  MIN_FOLLOW_UP_SPIN_MS,
  MIN_TURN_DEGREES,
  restingRotation,
  rotationAt,
  settleDuration,
  sliceArc,
  sliceAtPointer,
  spinEndsAt,
  wheelLayout,
} from './wheel-geometry.ts';

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('the wheel geometry', () => {
  it('finds the slice under the pointer', () => {
    const four = wheelLayout(4);
    expect(sliceAtPointer(0, four)).toBe(0);
    // Turning the wheel clockwise by 100° brings the slice at 260° (slice 2 of 4) to the top.
    expect(sliceAtPointer(100, four)).toBe(2);
    expect(sliceAtPointer(-10, four)).toBe(0);
    expect(sliceAtPointer(350, four)).toBe(0);
    expect(sliceAtPointer(360 * 5 + 91, four)).toBe(2);
  });

  it.each([1, 2, 3, 7, 100, 10_000, 100_000])(
    'lands the pointer on the chosen slice of %i, after 1080 to 1800 degrees',
    (count) => {
      const random = seeded(count);
      const layout = wheelLayout(count);
      for (let trial = 0; trial < 200; trial += 1) {
        const index = Math.floor(random() * count);
        const start = random() * 720;
        const end = finalRotation(start, index, layout, random);
        expect(sliceAtPointer(end, layout)).toBe(index);
        expect(end - start).toBeGreaterThanOrEqual(MIN_TURN_DEGREES);
        expect(end - start).toBeLessThan(MAX_TURN_DEGREES);
      }
    },
  );

  it('cruises until the answer, then eases continuously onto the final rotation', () => {
    const spin = { start: 0, answeredAt: 200, from: 200 * CRUISE_DEGREES_PER_MS, to: 1500 };
    expect(rotationAt(100, { start: 0 })).toBeCloseTo(100 * CRUISE_DEGREES_PER_MS);
    expect(rotationAt(200, spin)).toBeCloseTo(spin.from);
    expect(rotationAt(200 + settleDuration(200), spin)).toBeCloseTo(1500);
    expect(rotationAt(10_000, spin)).toBeCloseTo(1500);
    // Never turns back.
    let previous = 0;
    for (let t = 0; t <= 3500; t += 16) {
      const angle = rotationAt(t, spin);
      expect(angle).toBeGreaterThanOrEqual(previous);
      previous = angle;
    }
  });

  it('rests with the middle of a slice under the pointer', () => {
    for (const count of [1, 3, 8, 1000]) {
      const layout = wheelLayout(count);
      for (const index of [0, Math.floor(count / 2), count - 1]) {
        expect(sliceAtPointer(restingRotation(index, layout), layout)).toBe(index);
      }
    }
  });

  it.each([3, 100, 100_000])(
    'lands a later spin of a draw of several places on its slice of %i, after a shorter turn',
    (count) => {
      const random = seeded(count + 1);
      const layout = wheelLayout(count);
      for (let trial = 0; trial < 200; trial += 1) {
        const index = Math.floor(random() * count);
        const start = random() * 3600;
        const end = finalRotation(start, index, layout, random, FOLLOW_UP_TURN);
        expect(sliceAtPointer(end, layout)).toBe(index);
        expect(end - start).toBeGreaterThanOrEqual(FOLLOW_UP_TURN.min);
        expect(end - start).toBeLessThan(FOLLOW_UP_TURN.max);
      }
    },
  );

  it('ends a spin once it has settled, never while its target is unknown', () => {
    expect(spinEndsAt({ start: 0 })).toBe(Infinity);
    expect(spinEndsAt({ start: 0, answeredAt: 200, from: 10, to: 1500 })).toBe(3000);
    expect(spinEndsAt({ start: 0, answeredAt: 2000, from: 10, to: 1500 })).toBe(3500);
    const later = { start: 40, answeredAt: 0, from: 40, to: 900, settleMs: 1200 };
    expect(spinEndsAt(later)).toBe(1200);
    expect(rotationAt(0, later)).toBeCloseTo(40);
    expect(rotationAt(600, later)).toBeGreaterThan(40);
    expect(rotationAt(1200, later)).toBeCloseTo(900);
  });

  it('shortens the later spins of a large draw so the whole show stays near 20 s', () => {
    expect(followUpSpinMs(1)).toBe(FOLLOW_UP_SPIN_MS);
    expect(followUpSpinMs(2)).toBe(FOLLOW_UP_SPIN_MS);
    expect(followUpSpinMs(99)).toBe(MIN_FOLLOW_UP_SPIN_MS);
    let previous = Infinity;
    for (let followUps = 1; followUps <= 99; followUps += 1) {
      const ms = followUpSpinMs(followUps);
      expect(ms).toBeLessThanOrEqual(previous);
      expect(ms).toBeGreaterThanOrEqual(MIN_FOLLOW_UP_SPIN_MS);
      previous = ms;
      if (ms > MIN_FOLLOW_UP_SPIN_MS) {
        expect(followUps * (ms + FOLLOW_UP_PAUSE_MS)).toBeLessThanOrEqual(20_000);
      }
    }
  });

  describe('with weights (referrals)', () => {
    it('gives each slice an arc in proportion to its weight: 1, 2, 5 of 8', () => {
      const layout = wheelLayout(3, [1, 2, 5]);
      expect(sliceArc(layout, 0)).toEqual({ start: 0, end: 45 });
      expect(sliceArc(layout, 1)).toEqual({ start: 45, end: 135 });
      expect(sliceArc(layout, 2)).toEqual({ start: 135, end: 360 });
      // At rest, the middle of the slice is under the pointer.
      expect(restingRotation(0, layout)).toBe(-22.5);
      expect(restingRotation(1, layout)).toBe(-90);
      expect(restingRotation(2, layout)).toBe(-247.5);
      // Turned clockwise by 100°, the wheel shows 260°: inside the heaviest slice.
      expect(sliceAtPointer(100, layout)).toBe(2);
      expect(sliceAtPointer(-44, layout)).toBe(0);
      expect(sliceAtPointer(-46, layout)).toBe(1);
    });

    it('lands on each slice of 1, 2, 5 inside its arc, off its edges', () => {
      const layout = wheelLayout(3, [1, 2, 5]);
      const random = seeded(125);
      for (let trial = 0; trial < 300; trial += 1) {
        const index = trial % 3;
        const start = random() * 720;
        const end = finalRotation(start, index, layout, random);
        const { start: from, end: to } = sliceArc(layout, index);
        const margin = (to - from) * 0.15;
        const underPointer = ((-end % 360) + 360) % 360 || 0;
        expect(underPointer).toBeGreaterThanOrEqual(from + margin - 1e-9);
        expect(underPointer).toBeLessThanOrEqual(to - margin + 1e-9);
        expect(sliceAtPointer(end, layout)).toBe(index);
        expect(end - start).toBeGreaterThanOrEqual(MIN_TURN_DEGREES);
        expect(end - start).toBeLessThan(MAX_TURN_DEGREES);
      }
    });

    it('lays out 100,000 random weights in proportion and lands on any slice, thin or wide', () => {
      const count = 100_000;
      const random = seeded(7);
      const weights = Array.from({ length: count }, () => 1 + Math.floor(random() * 51));
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const layout = wheelLayout(count, weights);
      expect(layout.total).toBe(total);
      // Each slice's start and width against its share of the weight, checked at once: the
      // worst error of all 100,000.
      let before = 0;
      let worst = 0;
      for (let index = 0; index < count; index += 1) {
        const { start, end } = sliceArc(layout, index);
        worst = Math.max(
          worst,
          Math.abs(start - (before / total) * 360),
          Math.abs(end - start - (weights[index]! / total) * 360),
        );
        before += weights[index]!;
      }
      expect(worst).toBeLessThan(1e-9);
      expect(sliceArc(layout, count - 1).end).toBeCloseTo(360, 9);

      const lightest = weights.indexOf(1);
      const heaviest = weights.indexOf(51);
      const indexes = [0, count - 1, lightest, heaviest];
      for (let trial = 0; trial < 300; trial += 1) indexes.push(Math.floor(random() * count));
      for (const index of indexes) {
        const start = random() * 3600;
        const end = finalRotation(start, index, layout, random);
        expect(sliceAtPointer(end, layout)).toBe(index);
        expect(sliceAtPointer(restingRotation(index, layout), layout)).toBe(index);
        const later = finalRotation(end, index, layout, random, FOLLOW_UP_TURN);
        expect(sliceAtPointer(later, layout)).toBe(index);
      }
    });

    it('keeps the layout of the same slices, and sums again when a weight changes', () => {
      const layout = layoutFor(3, [1, 2, 5]);
      expect(layoutFor(3, [1, 2, 5])).toBe(layout);
      expect(layoutFor(3, [1, 3, 5])).not.toBe(layout);
      expect(layoutFor(3, null).total).toBe(3);
    });
  });

  it('never turns a name upside down: on the left half it is turned half round', () => {
    for (const layout of [wheelLayout(1), wheelLayout(2), wheelLayout(7), wheelLayout(100)]) {
      for (let index = 0; index < layout.count; index += 1) {
        const { start, end } = sliceArc(layout, index);
        const middle = (start + end) / 2;
        const { degrees, flipped } = labelPlacement(layout, index);
        // The text's direction points right (or straight down/up): it reads left to right.
        expect(Math.cos((degrees * Math.PI) / 180)).toBeGreaterThanOrEqual(-1e-9);
        expect(flipped).toBe(middle > 180);
      }
    }
    // Two slices: at 3 o'clock a name runs out to the rim; at 9 o'clock, turned, from the rim in.
    expect(labelPlacement(wheelLayout(2), 0)).toEqual({ degrees: 0, flipped: false });
    expect(labelPlacement(wheelLayout(2), 1)).toEqual({ degrees: 0, flipped: true });
    // Upper left (315°): down to the right, towards the centre.
    expect(labelPlacement(wheelLayout(4), 3)).toEqual({ degrees: 45, flipped: true });
  });
});
