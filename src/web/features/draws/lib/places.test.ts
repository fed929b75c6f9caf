import { describe, expect, it } from 'vitest';
import type { DrawnPlace } from '#shared/contracts/draws.ts';
import { ordinal } from '#shared/ordinal.ts';
import { latestPlace, newPlaces, withPlace } from './places.ts';

const place = (position: number, p: number, slice = p): DrawnPlace => ({
  position,
  p,
  entryId: `entry-${p}`,
  name: `Entrant ${p}`,
  email: `entrant${p}@example.com`,
  method: 'random',
  slice,
});

describe('the places of a draw', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [100, '100th'],
    [101, '101st'],
    [111, '111th'],
  ])('names place %i "%s"', (position, label) => {
    expect(ordinal(position)).toBe(label);
  });

  it('finds the places a draw filled, in the order they were picked', () => {
    const before = [place(1, 1)];
    const after = [place(1, 1), place(3, 4), place(2, 3)];
    expect(newPlaces(before, after).map(({ p }) => p)).toEqual([3, 4]);
    expect(newPlaces([], after).map(({ p }) => p)).toEqual([1, 3, 4]);
    expect(newPlaces(after, after)).toEqual([]);
  });

  it('counts a replacement at an old position as new', () => {
    // Place 2 (pick 2) was disqualified: the list shown leaves it out; pick 4 replaced it.
    const before = [place(1, 1), place(3, 3)];
    const after = [place(1, 1), place(2, 4), place(3, 3)];
    expect(newPlaces(before, after)).toEqual([place(2, 4)]);
  });

  it('puts a place in its position, replacing whoever held it, in order of position', () => {
    const shown = [place(3, 3), place(1, 1)];
    expect(withPlace(shown, place(2, 2)).map(({ position }) => position)).toEqual([1, 2, 3]);
    expect(withPlace(shown, place(3, 5))).toEqual([place(1, 1), place(3, 5)]);
  });

  it('rests the wheel on the place picked last', () => {
    expect(latestPlace([])).toBeUndefined();
    expect(latestPlace([place(1, 4), place(2, 2), place(3, 3)])).toEqual(place(1, 4));
  });
});
