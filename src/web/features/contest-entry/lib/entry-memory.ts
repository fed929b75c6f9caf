import { useSyncExternalStore } from 'react';

/**
 * Which contests this device has entered, under what name and with which entry id (the
 * entrant's receipt, to find their entry in the draw record): coming back to the link shows the
 * confirmation again. Kept in localStorage, with memory as the fallback when storage is refused
 * (private browsing), so the confirmation shows at least for this visit. Entries remembered
 * before receipts existed have a name and no id.
 */
const nameKey = (contestId: string) => `prizewheel:entered:${contestId}`;
const entryIdKey = (contestId: string) => `prizewheel:entry-id:${contestId}`;
const inMemory = new Map<string, string>();
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? inMemory.get(key) ?? null;
  } catch {
    return inMemory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  inMemory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the in-memory copy serves this visit.
  }
}

export function rememberEntry(contestId: string, name: string, entryId: string): void {
  write(nameKey(contestId), name);
  write(entryIdKey(contestId), entryId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** `null` on the server and during hydration; the remembered name once in the browser. */
export function useEnteredName(contestId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(nameKey(contestId)),
    () => null,
  );
}

/** The entry id of this device's entry, when it was remembered with one. */
export function useEnteredEntryId(contestId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(entryIdKey(contestId)),
    () => null,
  );
}
