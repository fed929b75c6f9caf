import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { emptyEntryPageState, type EntryPageState } from '#shared/contracts/entries.ts';
import { ToastHost } from '#web/components/ui/toast-host.tsx';
import { takeEmbeddedContest } from '#web/features/contest-entry/api/get-public-contest.ts';
import { rememberEntry } from '#web/features/contest-entry/lib/entry-memory.ts';
import {
  EntryPageStateContext,
  takeEmbeddedPageState,
} from '#web/features/contest-entry/lib/entry-page-state.ts';
import { ContestEntryPage } from '#web/features/contest-entry/pages/contest-entry-page.tsx';

/** The whole app of a /c/{id} visit: the entry page and its toasts, nothing else. */
export function PublicRoot({
  contestId,
  initialContest,
  pageState = emptyEntryPageState,
}: {
  contestId: string;
  initialContest?: PublicContest;
  pageState?: EntryPageState;
}) {
  return (
    <EntryPageStateContext value={pageState}>
      <ContestEntryPage params={{ contestId }} initialContest={initialContest} />
      <ToastHost />
    </EntryPageStateContext>
  );
}

/** `address` is the page's path segment: the contest's id, or its short link. */
export function mountPublicPage(container: HTMLElement, address: string) {
  const initialContest = takeEmbeddedContest(address);
  // Everything the page asks the API for goes by the id.
  const contestId = initialContest?.id ?? address;
  const pageState = takeEmbeddedPageState();
  // An entry made with the plain form (before the script ran, or without one) is remembered
  // as the script remembers its own, before hydration reads the memory.
  if (pageState.entered?.contestId === contestId) rememberEntry(pageState.entered);
  const page = (
    <StrictMode>
      <PublicRoot contestId={contestId} initialContest={initialContest} pageState={pageState} />
    </StrictMode>
  );
  // Rendered by the server: keep its markup and attach to it. As a transition, hydration
  // yields to the browser in slices instead of blocking a slow phone in one long task.
  if (initialContest && container.firstElementChild) {
    startTransition(() => {
      hydrateRoot(container, page);
    });
  } else {
    createRoot(container).render(page);
  }
}
