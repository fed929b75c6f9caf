import { describe, expect, it } from 'vitest';
import { placeOfZone, timeZoneGroups, zoneOffset } from './time-zones.ts';

const winter = new Date('2026-01-15T12:00:00Z');

describe('the time zones the builder offers', () => {
  it('names a zone by its place, city first', () => {
    expect(placeOfZone('Europe/Madrid')).toBe('Madrid');
    expect(placeOfZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires, Argentina');
    expect(placeOfZone('UTC')).toBe('UTC');
  });

  it("gives each zone's offset at the instant", () => {
    expect(zoneOffset('Europe/Madrid', winter)).toBe('GMT+1');
    expect(zoneOffset('Europe/Madrid', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+2');
    expect(zoneOffset('Asia/Kolkata', winter)).toBe('GMT+5:30');
    expect(zoneOffset('UTC', winter)).toBe('GMT+0');
  });

  it('groups zones by region, sorted by place, with UTC on its own', () => {
    const zones = ['Europe/Madrid', 'America/New_York', 'Europe/Berlin', 'Indian/Maldives'];
    const { utc, groups } = timeZoneGroups(zones, 'Europe/Madrid', winter);
    expect(utc).toEqual({ value: 'UTC', label: 'UTC (GMT+0)' });
    expect(groups).toEqual([
      { label: 'Americas', zones: [{ value: 'America/New_York', label: 'New York (GMT-5)' }] },
      {
        label: 'Europe',
        zones: [
          { value: 'Europe/Berlin', label: 'Berlin (GMT+1)' },
          { value: 'Europe/Madrid', label: 'Madrid (GMT+1)' },
        ],
      },
      { label: 'Indian Ocean', zones: [{ value: 'Indian/Maldives', label: 'Maldives (GMT+5)' }] },
    ]);
  });

  it('keeps a saved zone this browser does not list, last, under Other', () => {
    const { groups } = timeZoneGroups(['Europe/Madrid'], 'Etc/UTC', winter);
    expect(groups.map((group) => group.label)).toEqual(['Europe', 'Other']);
    expect(groups[1]!.zones).toEqual([{ value: 'Etc/UTC', label: 'Etc/UTC (GMT+0)' }]);
    expect(timeZoneGroups(['Europe/Madrid'], 'UTC', winter).groups).toHaveLength(1);
  });
});
