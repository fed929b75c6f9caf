import { startTransition, useEffect, useState } from 'react';

/**
 * False in the server's HTML and while hydrating; true once the script runs the page. What only
 * the browser can know (its address, its storage) waits for it, so hydration matches the HTML.
 * The switch is a transition: the re-render it causes yields to the browser in slices, where a
 * store read with a server snapshot would force one synchronous re-render of the whole page
 * right after hydration (a long task on a slow phone, decision 022).
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setIsHydrated(true));
  }, []);
  return isHydrated;
}
