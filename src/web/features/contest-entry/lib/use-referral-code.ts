import { useEffect, useSyncExternalStore } from 'react';
import { useEntryPageState } from './entry-page-state.ts';
import { referralCodeIn, withoutInvalidReferral } from './referral-link.ts';

const subscribeNever = () => () => {};

/**
 * The code of the friend whose link brought this visitor (/c/{id}?ref={code}), null without one;
 * on the server and while hydrating, the code the server rendered the page with (read from the
 * same address). The code stays in the address so a reload keeps it; anything else in `ref` is
 * dropped from it.
 */
export function useReferralCode(): string | null {
  const { referralCode } = useEntryPageState();
  const code = useSyncExternalStore(
    subscribeNever,
    () => referralCodeIn(window.location.search),
    () => referralCode,
  );
  useEffect(() => {
    const cleaned = withoutInvalidReferral(window.location.href);
    if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
  }, []);
  return code;
}
