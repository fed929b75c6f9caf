import { createContext, useContext } from 'react';
import {
  emptyEntryPageState,
  ENTRY_PAGE_STATE_ID,
  type EntryPageState,
} from '#shared/contracts/entries.ts';

/**
 * What the server rendered the entry page with for this visitor (the friend's code of the
 * address, the entry or the refusal of a form sent without JavaScript): hydration must render
 * the same, so the browser starts from it too. Empty for a page reached inside the app.
 */
export const EntryPageStateContext = createContext<EntryPageState>(emptyEntryPageState);

export const useEntryPageState = () => useContext(EntryPageStateContext);

/** Reads (once) the state the server embedded beside the rendered page. */
export function takeEmbeddedPageState(): EntryPageState {
  const element = document.getElementById(ENTRY_PAGE_STATE_ID);
  if (!element) return emptyEntryPageState;
  element.remove();
  try {
    return { ...emptyEntryPageState, ...(JSON.parse(element.textContent ?? '') as object) };
  } catch {
    return emptyEntryPageState;
  }
}
