import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in the server's HTML and while hydrating; true once the script runs the page. What only
 * the browser can know (its address, its storage) waits for it, so hydration matches the HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
