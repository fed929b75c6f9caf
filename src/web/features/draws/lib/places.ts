import type { DrawnPlace } from '#shared/contracts/draws.ts';

/**
 * The places filled since `before`, in the order they were drawn (by pick number): the order the
 * wheel shows them in. A replacement is a new pick at an old position, so it is new here too.
 */
export function newPlaces(
  before: readonly DrawnPlace[],
  after: readonly DrawnPlace[],
): DrawnPlace[] {
  const known = new Set(before.map((place) => place.p));
  return after.filter((place) => !known.has(place.p)).sort((a, b) => a.p - b.p);
}

/** The places with `place` in its position (replacing whoever held it), by position. */
export function withPlace(places: readonly DrawnPlace[], place: DrawnPlace): DrawnPlace[] {
  return [...places.filter((held) => held.position !== place.position), place].sort(
    (a, b) => a.position - b.position,
  );
}

/** The place drawn last: the wheel rests on it. */
export function latestPlace(places: readonly DrawnPlace[]): DrawnPlace | undefined {
  return places.reduce<DrawnPlace | undefined>(
    (latest, place) => (!latest || place.p > latest.p ? place : latest),
    undefined,
  );
}
