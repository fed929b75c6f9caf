import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  ENTRY_FORM_META,
  FORM_TOKEN_SLOT,
  type EntryFormSetup,
} from '#shared/contracts/entries.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';

export function getEntryForm(contestId: string) {
  return apiRequest<EntryFormSetup>(
    'GET',
    `/api/contests/${encodeURIComponent(contestId)}/entry-form`,
  );
}

const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;

const subscribeNever = () => () => {};

/**
 * A meta tag of the server's page: `null` on the server and while hydrating, read once the page
 * is hydrated (without the forced synchronous re-render a differing server snapshot causes).
 */
function usePageMeta(name: string): string | null {
  return useIsHydrated() ? metaContent(name) : null;
}

/**
 * What the entry form sends beside its fields, and the CAPTCHA's site key when there is one.
 * The server's page carries both in meta tags; a page that came without them (opened inside the
 * app) asks for them once. The form never waits: sent without a token, an entry is taken as an
 * API client's would be.
 */
export function useEntryForm(contestId: string) {
  const pageSiteKey = usePageMeta(ENTRY_FORM_META.captchaSiteKey);
  const [fetched, setFetched] = useState<EntryFormSetup | null>(null);
  useEffect(() => {
    // Read here rather than from the hook: during hydration the hook still says null. The
    // owner's live preview (no contest id) never sends its form: nothing to ask for.
    if (metaContent(ENTRY_FORM_META.formToken) || !contestId) return;
    let isCurrent = true;
    getEntryForm(contestId).then(
      (setup) => isCurrent && setFetched(setup),
      // Without it the form still works (no token, and no CAPTCHA to show).
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [contestId]);
  return {
    captchaSiteKey: pageSiteKey ?? fetched?.captchaSiteKey ?? null,
    /** Read as the form is sent. */
    formToken: () => metaContent(ENTRY_FORM_META.formToken) ?? fetched?.formToken,
  };
}

/**
 * The form token as the plain form carries it (sent without the script). The server renders the
 * slot its answer fills with the token of the meta tag; hydration reads that tag, so both agree.
 */
export function usePlainFormToken(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => metaContent(ENTRY_FORM_META.formToken) ?? '',
    () =>
      typeof document === 'undefined'
        ? FORM_TOKEN_SLOT
        : (metaContent(ENTRY_FORM_META.formToken) ?? ''),
  );
}
