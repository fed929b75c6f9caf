let regionNames: Intl.DisplayNames | undefined;

/** The country's English name ("Spain"), or its code where the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
