import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { ToastHost } from '#web/components/ui/toast-host.tsx';
import { takeEmbeddedContest } from '#web/features/contest-entry/api/get-public-contest.ts';
import { ContestEntryPage } from '#web/features/contest-entry/pages/contest-entry-page.tsx';

/** The whole app of a /c/{id} visit: the entry page and its toasts, nothing else. */
export function PublicRoot({
  contestId,
  initialContest,
}: {
  contestId: string;
  initialContest?: PublicContest;
}) {
  return (
    <>
      <ContestEntryPage params={{ contestId }} initialContest={initialContest} />
      <ToastHost />
    </>
  );
}

export function mountPublicPage(container: HTMLElement, contestId: string) {
  const initialContest = takeEmbeddedContest(contestId);
  const page = (
    <StrictMode>
      <PublicRoot contestId={contestId} initialContest={initialContest} />
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
