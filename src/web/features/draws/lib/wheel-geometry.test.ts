import { describe, expect, it } from 'vitest';
import {
  CRUISE_DEGREES_PER_MS,
  finalRotation,
  FOLLOW_UP_PAUSE_MS,
  FOLLOW_UP_SPIN_MS,
  FOLLOW_UP_TURN,
  followUpSpinMs,
  MAX_TURN_DEGREES,
  MIN_FOLLOW_UP_SPIN_MS,
  MIN_TURN_DEGREES,
  restingRotation,
  rotationAt,
  settleDuration,
  sliceAtPointer,
  spinEndsAt,
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
    expect(sliceAtPointer(0, 4)).toBe(0);
    // Turning the wheel clockwise by 100° brings the slice at 260° (slice 2 of 4) to the top.
    expect(sliceAtPointer(100, 4)).toBe(2);
    expect(sliceAtPointer(-10, 4)).toBe(0);
    expect(sliceAtPointer(350, 4)).toBe(0);
    expect(sliceAtPointer(360 * 5 + 91, 4)).toBe(2);
  });

  it.each([1, 2, 3, 7, 100, 10_000, 100_000])(
    'lands the pointer on the chosen slice of %i, after 1080 to 1800 degrees',
    (count) => {
      const random = seeded(count);
      for (let trial = 0; trial < 200; trial += 1) {
        const index = Math.floor(random() * count);
        const start = random() * 720;
        const end = finalRotation(start, index, count, random);
        expect(sliceAtPointer(end, count)).toBe(index);
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
      for (const index of [0, Math.floor(count / 2), count - 1]) {
        expect(sliceAtPointer(restingRotation(index, count), count)).toBe(index);
      }
    }
  });

  it.each([3, 100, 100_000])(
    'lands a later spin of a draw of several places on its slice of %i, after a shorter turn',
    (count) => {
      const random = seeded(count + 1);
      for (let trial = 0; trial < 200; trial += 1) {
        const index = Math.floor(random() * count);
        const start = random() * 3600;
        const end = finalRotation(start, index, count, random, FOLLOW_UP_TURN);
        expect(sliceAtPointer(end, count)).toBe(index);
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
});
