/**
 * What a person's name may hold, for accounts and entrants alike. Names are shown to other people
 * (the wheel, the dashboard, e-mails, exported spreadsheets), so they must be plain text: control
 * characters (C0, DEL, C1) break lines, rows and mail headers, and PostgreSQL cannot store NUL;
 * bidirectional embeddings, overrides and isolates reorder what follows them on screen, so that
 * "Maya \u202Egnp.exe" reads "Maya exe.png".
 */
const NOT_PLAIN_TEXT = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export function isPlainText(text: string): boolean {
  return !NOT_PLAIN_TEXT.test(text);
}

export function notPlainTextMessage(label: string): string {
  return `${label} cannot contain control or text-direction characters.`;
}
