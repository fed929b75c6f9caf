/** `<input type="datetime-local">` speaks local wall time without a zone: "2026-12-01T18:30". */
export function toDateTimeLocal(date: Date | string): string {
  const value = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
}
