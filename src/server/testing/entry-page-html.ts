import { ENTRY_PAGE_STATE_ID, type EntryPageState } from '#shared/contracts/entries.ts';

/** The state the server's entry page hands its script, or null when the page has none. */
export function stateIn(html: string): EntryPageState | null {
  const match = new RegExp(
    `<script type="application/json" id="${ENTRY_PAGE_STATE_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as EntryPageState) : null;
}

/** The value attribute of the input with this name in the server's HTML. */
export function inputValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) return null;
  return /value="([^"]*)"/.exec(input)?.[1] ?? '';
}
