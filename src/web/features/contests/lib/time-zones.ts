/**
 * The time zones the builder offers, grouped by continent or ocean with the city first and its
 * offset today ("Madrid (GMT+1)"): owners pick a place they know, and the select's type-ahead
 * finds it by the city's first letters.
 */

export type TimeZoneOption = { value: string; label: string };
export type TimeZoneGroup = { label: string; zones: TimeZoneOption[] };

/** The zones' first part, in the owner's words. */
const regionNames: Record<string, string> = {
  Africa: 'Africa',
  America: 'Americas',
  Antarctica: 'Antarctica',
  Arctic: 'Arctic',
  Asia: 'Asia',
  Atlantic: 'Atlantic Ocean',
  Australia: 'Australia',
  Europe: 'Europe',
  Indian: 'Indian Ocean',
  Pacific: 'Pacific Ocean',
};

/** "GMT+5:30" for a zone at this instant; "GMT+0" at zero. */
export function zoneOffset(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "America/Argentina/Buenos_Aires" reads "Buenos Aires, Argentina". */
export function placeOfZone(zone: string): string {
  const [, ...places] = zone.split('/');
  const words = (places.length ? places : [zone]).map((place) => place.replaceAll('_', ' '));
  return words.reverse().join(', ');
}

/**
 * UTC on its own, then a group per region sorted by place. A zone the list lacks (a saved alias
 * this browser does not list) still shows, under "Other", so the select never drops a value.
 */
export function timeZoneGroups(
  zones: readonly string[],
  selected: string,
  at = new Date(),
): { utc: TimeZoneOption; groups: TimeZoneGroup[] } {
  const byRegion = new Map<string, TimeZoneOption[]>();
  const listed = new Set(zones);
  const extra = selected !== 'UTC' && !listed.has(selected) ? [selected] : [];
  for (const zone of [...zones, ...extra]) {
    const region = regionNames[zone.split('/')[0] ?? ''];
    const known = region !== undefined && listed.has(zone);
    const label = `${known ? placeOfZone(zone) : zone} (${zoneOffset(zone, at)})`;
    const group = known ? region : 'Other';
    byRegion.set(group, [...(byRegion.get(group) ?? []), { value: zone, label }]);
  }
  const groups = [...byRegion]
    .map(([label, options]) => ({
      label,
      zones: options.sort((a, b) => a.label.localeCompare(b.label, 'en')),
    }))
    .sort(
      (a, b) =>
        Number(a.label === 'Other') - Number(b.label === 'Other') ||
        a.label.localeCompare(b.label, 'en'),
    );
  return { utc: { value: 'UTC', label: 'UTC (GMT+0)' }, groups };
}
