import { useEffect, useSyncExternalStore } from 'react';
import { referralCodeIn, withoutInvalidReferral } from './referral-link.ts';

const subscribeNever = () => () => {};

/**
 * The code of the friend whose link brought this visitor (/c/{id}?ref={code}), null without one;
 * null on the server and while hydrating, as the server renders the page for every address. The
 * code stays in the address so a reload keeps it; anything else in `ref` is dropped from it.
 */
export function useReferralCode(): string | null {
  const code = useSyncExternalStore(
    subscribeNever,
    () => referralCodeIn(window.location.search),
    () => null,
  );
  useEffect(() => {
    const cleaned = withoutInvalidReferral(window.location.href);
    if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
  }, []);
  return code;
}
