import { countryCodes } from '#shared/countries.ts';
import { countryName } from '#shared/country-name.ts';

export type CountryOption = { code: string; name: string };

/** Letters without accents or case: "aland" finds "Åland Islands", "cote" "Côte d’Ivoire". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every country by its English name, in alphabetical order. */
export function countryOptions(): CountryOption[] {
  return [...countryCodes()]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The countries whose name holds the words typed, or whose two-letter code is them ("us"). */
export function searchCountries(options: CountryOption[], query: string): CountryOption[] {
  const wanted = folded(query.trim());
  if (wanted === '') return options;
  return options.filter(
    (option) => folded(option.name).includes(wanted) || option.code.toLowerCase() === wanted,
  );
}
