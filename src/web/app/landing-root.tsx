import { lazy, startTransition, StrictMode, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useLocation } from 'wouter';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { LandingPage } from '#web/features/landing/pages/landing-page.tsx';

const App = lazy(() => import('./app.tsx').then((module) => ({ default: module.App })));

/**
 * A visitor's first visit to /, rendered by the server: the landing page alone until they follow
 * one of its links, then the whole app, which stays (back on / it shows the landing page or,
 * once signed in, their contests, as it does for any other visit).
 */
export function LandingRoot() {
  const [location] = useLocation();
  const [hasLeftLanding, setHasLeftLanding] = useState(false);
  const isOnLanding = !hasLeftLanding && location === '/';
  if (!isOnLanding && !hasLeftLanding) setHasLeftLanding(true);
  if (isOnLanding) return <LandingPage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <App />
    </Suspense>
  );
}

/**
 * Attaches to the server's markup instead of rendering it again. As a transition, hydration
 * yields to the browser in slices instead of holding a slow phone's main thread.
 */
export function hydrateLanding(container: HTMLElement) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <LandingRoot />
      </StrictMode>,
    );
  });
}
