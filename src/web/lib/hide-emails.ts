import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { maskEmail } from './mask-email.ts';

/**
 * "Hide e-mails" (docs/product.md#owner-screens): while the owner presents the draw (a shared
 * screen, a projector) no entrant's address is shown in full. The choice lasts for the browser
 * tab's session; entering full screen turns it on, and the owner may turn it off again.
 */
const STORAGE_KEY = 'prizewheel:hide-emails';
const listeners = new Set<() => void>();
/** The choice made in this page, should the browser refuse to store it. */
let memoryChoice: boolean | undefined;

function storedChoice(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setEmailsHidden(hidden: boolean): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, hidden ? 'on' : 'off');
  } catch {
    // Storage refused (a private window's quota): the choice still holds until the page closes.
  }
  memoryChoice = hidden;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => memoryChoice ?? storedChoice();

/** Whether addresses are hidden, and the switch that changes it. */
export function useEmailsHidden(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(subscribe, snapshot, () => false);
  return [hidden, setEmailsHidden];
}

/** How an address is shown now: in full, or masked while "Hide e-mails" is on. */
export function useShownEmail(): (email: string) => string {
  const [hidden] = useEmailsHidden();
  return useCallback((email: string) => (hidden ? maskEmail(email) : email), [hidden]);
}

/** Turns "Hide e-mails" on whenever the page enters full screen (the wheel presented). */
export function useHideEmailsInFullscreen(): void {
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) setEmailsHidden(true);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
}
