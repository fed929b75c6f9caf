import { lazy, Suspense } from 'react';
import { useToasts } from './use-toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * The toast machinery (Radix) loads with the first toast, not with the page: most visits to
 * the entry page never raise one before they have rendered.
 */
export function ToastHost() {
  const hasToasts = useToasts().length > 0;
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
