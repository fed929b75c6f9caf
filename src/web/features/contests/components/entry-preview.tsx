import { ChevronDown, Eye } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { ContestImage } from '#shared/contracts/contest-images.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAccountBrand } from '#web/features/account/api/get-account-brand.ts';
import { EntryCard } from '#web/features/contest-entry/components/entry-card.tsx';
import { OpenEntry } from '#web/features/contest-entry/components/open-entry.tsx';
import { PublicFrame } from '#web/features/contest-entry/components/public-frame.tsx';
import { cn } from '#web/lib/cn.ts';
import { previewBrand, previewContest } from '../lib/entry-preview.ts';
import type { useContestForm } from './contest-form.tsx';

/** The phone the preview is drawn at, in CSS pixels (an iPhone 14's screen). */
const PHONE = { width: 390, height: 844 };

/** The zoom that fits the phone's width into the element's, never enlarged. */
function useFitZoom() {
  const ref = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      // Collapsed (on a phone) it has no width: the last zoom stays until it opens.
      if (width > 0) setZoom(Math.min(1, width / PHONE.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, zoom };
}

/** Never called: the preview is inert, its form is never sent. */
const ignoreEntry = () => {};

/**
 * The entry page as an entrant will see it on a phone, drawn from the form as the owner types
 * (and the cover as chosen, before it is uploaded), with the entry page's own components. Inert:
 * nothing in it can be focused, clicked or sent. Beside the form on a wide screen; behind a
 * "Preview" button on a phone.
 */
export function EntryPreview({
  form,
  cover,
  logo,
}: {
  form: ReturnType<typeof useContestForm>;
  cover: ContestImage | null;
  logo: ContestImage | null;
}) {
  // Subscribes to every field, so the preview (and only it) renders again as the owner types.
  useWatch({ control: form.control });
  const account = useAccountBrand().data;
  const [openedAt] = useState(() => new Date());
  const values = form.getValues();
  const contest = previewContest(values, cover, openedAt);
  const brand = previewBrand(values.brand, account, logo);
  const [isOpen, setIsOpen] = useState(false);
  const { ref, zoom } = useFitZoom();
  const frameId = useId();

  return (
    <section aria-label="Preview" className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="lg:hidden"
        aria-expanded={isOpen}
        aria-controls={frameId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <Eye aria-hidden />
        {isOpen ? 'Hide preview' : 'Preview'}
        <ChevronDown aria-hidden className={cn('transition-transform', isOpen && 'rotate-180')} />
      </Button>
      <div id={frameId} className={cn('grid gap-2', !isOpen && 'hidden', 'lg:grid')}>
        <p className="flex items-center gap-1.5 text-sm font-semibold">
          <Eye aria-hidden className="size-4 text-primary" />
          Preview: the entry page on a phone
        </p>
        <div className="overflow-hidden rounded-[2rem] border-[6px] border-zinc-900 bg-background shadow-lg">
          {/* Focusable so that the keyboard scrolls it too: nothing inside it takes focus. */}
          <div
            ref={ref}
            tabIndex={0}
            role="region"
            aria-label="The entry page as entrants will see it"
            className="max-h-[calc(100dvh-10rem)] overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2"
            style={{ height: PHONE.height * zoom }}
          >
            <div inert style={{ width: PHONE.width, zoom }}>
              <PublicFrame brand={brand}>
                <EntryCard contest={contest} isDrawn={false}>
                  <OpenEntry contest={contest} onEntered={ignoreEntry} />
                </EntryCard>
              </PublicFrame>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The form with its preview: beside it (sticky) on a wide screen, above it on a phone. */
export function WithPreview({ preview, children }: { preview: ReactNode; children: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <aside className="lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1">{preview}</aside>
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">{children}</div>
    </div>
  );
}
