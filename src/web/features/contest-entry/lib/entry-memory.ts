import { useSyncExternalStore } from 'react';

/**
 * Which contests this device has entered, and under what name: coming back to the link shows
 * the confirmation again. Kept in localStorage, with memory as the fallback when storage is
 * refused (private browsing), so the confirmation shows at least for this visit.
 */
const keyOf = (contestId: string) => `prizewheel:entered:${contestId}`;
const inMemory = new Map<string, string>();
const listeners = new Set<() => void>();

function readEnteredName(contestId: string): string | null {
  try {
    return localStorage.getItem(keyOf(contestId)) ?? inMemory.get(contestId) ?? null;
  } catch {
    return inMemory.get(contestId) ?? null;
  }
}

export function rememberEntry(contestId: string, name: string): void {
  inMemory.set(contestId, name);
  try {
    localStorage.setItem(keyOf(contestId), name);
  } catch {
    // Storage refused: the in-memory copy serves this visit.
  }
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
    () => readEnteredName(contestId),
    () => null,
  );
}
