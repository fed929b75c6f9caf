import { Eye, SquarePen } from 'lucide-react';
import { Link } from 'wouter';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePublicContest } from '../api/get-public-contest.ts';
import { PublicFrame } from '../components/public-frame.tsx';
import { ContestEntryPage } from './contest-entry-page.tsx';

function PreviewBanner({ contestId }: { contestId: string }) {
  return (
    <section
      aria-label="Preview"
      className="sticky top-0 z-40 border-b border-amber-300 bg-accent-soft px-4 py-3 text-amber-900"
    >
      <div className="mx-auto flex max-w-lg flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-2 text-sm">
          <Eye aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="mb-1 w-fit rounded-full bg-amber-200 px-2 py-0.5 text-xs font-extrabold uppercase tracking-wide">
              Preview
            </p>
            <p className="font-bold">
              This is a preview. Entrants cannot see this page until you publish.
            </p>
            <p>The entry form is switched off here.</p>
          </div>
        </div>
        <Link
          href={`/contest-edit/${encodeURIComponent(contestId)}`}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold underline-offset-4 hover:underline sm:self-center"
        >
          <SquarePen aria-hidden className="size-4" />
          Back to editing
        </Link>
      </div>
    </section>
  );
}

/**
 * /c/{id}/preview: a draft as entrants will see it once published, for its owner (or an admin),
 * under a "Preview" banner and with its form switched off (docs/product.md#owner-screens). Only
 * those who manage a draft are ever sent it (GET /api/contests/{id}), so anyone else gets the
 * entry page's own answer: not found for a draft, the live page for a published contest.
 */
export function ContestPreviewPage({ params }: { params: { contestId: string } }) {
  const contestState = usePublicContest(params.contestId);
  if (contestState.status === 'pending') {
    return (
      <PublicFrame>
        <div className="flex justify-center py-24">
          <Spinner className="size-8" label="Loading contest" />
        </div>
      </PublicFrame>
    );
  }
  const contest = contestState.status === 'success' ? contestState.contest : undefined;
  if (!contest || contest.isPublished) {
    return <ContestEntryPage params={params} initialContest={contest} />;
  }
  return (
    <>
      <PreviewBanner contestId={contest.id} />
      {/* Disabled: nothing in the preview can be sent, so no entry is ever stored from it. */}
      <fieldset disabled className="contents">
        <ContestEntryPage
          params={params}
          initialContest={{ ...contest, isActive: true, isPublished: true, status: 'open' }}
        />
      </fieldset>
    </>
  );
}
