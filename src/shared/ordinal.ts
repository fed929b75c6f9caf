/** "1st", "2nd", "3rd", "4th", "11th", "21st": a place as people read it, on screens and in mails. */
export function ordinal(position: number): string {
  const lastTwo = position % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${position}th`;
  const last = position % 10;
  const suffix = last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${position}${suffix}`;
}
