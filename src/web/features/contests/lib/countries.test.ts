import { describe, expect, it } from 'vitest';
import { countryCodes } from '#shared/countries.ts';
import { countryOptions, searchCountries } from './countries.ts';

describe('the countries a contest is open to', () => {
  const options = countryOptions();

  it('lists every country once, by name', () => {
    expect(options).toHaveLength(countryCodes().size);
    expect(options.find((option) => option.code === 'ES')?.name).toBe('Spain');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds countries by part of their name, whatever the case and accents', () => {
    const codes = (query: string) => searchCountries(options, query).map((option) => option.code);
    expect(codes('spa')).toEqual(['ES']);
    expect(codes('  PORTU ')).toEqual(['PT']);
    expect(codes('aland is')).toEqual(['AX']);
    expect(codes('us')).toContain('US');
    expect(codes('us')).toContain('AU');
    expect(codes('nowhere')).toEqual([]);
    expect(codes('')).toHaveLength(countryCodes().size);
  });
});
