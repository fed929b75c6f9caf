import { describe, expect, it } from 'vitest';
import {
  CRUISE_DEGREES_PER_MS,
  finalRotation,
  MAX_TURN_DEGREES,
  MIN_TURN_DEGREES,
  rotationAt,
  settleDuration,
  sliceAtPointer,
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
});
