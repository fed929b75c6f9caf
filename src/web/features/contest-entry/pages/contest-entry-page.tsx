import { ChevronRight, ShieldCheck, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { statusAt } from '#shared/contest-time.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatCount } from '#web/lib/format-count.ts';
import { usePolledEntryCount } from '../api/get-entry-count.ts';
import { usePublicContest } from '../api/get-public-contest.ts';
import { EntryCard, redrawingSentence } from '../components/entry-card.tsx';
import { OpenEntry } from '../components/open-entry.tsx';
import { PublicFrame } from '../components/public-frame.tsx';
import {
  rememberEntry,
  useEnteredConfirmationResent,
  useEnteredEntryId,
  useEnteredName,
  useEnteredReferral,
  useEnteredStatus,
} from '../lib/entry-memory.ts';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';

// Only some visits need these (an entrant coming back, a contest after its draw or before its
// start, a contest that shows its board): each is its own small chunk, loaded when it is shown,
// outside the first visit's budget (the server renders them in the page all the same). A chunk
// that cannot be loaded (a release has replaced it since the page opened) must not take the
// page down.
const EnteredView = lazy(() =>
  import('../components/entered-view.tsx').then((module) => ({ default: module.EnteredView })),
);
const WinnersCard = lazy(() =>
  import('../components/winners-card.tsx').then((module) => ({ default: module.WinnersCard })),
);
const ScheduledCard = lazy(() =>
  import('../components/scheduled-card.tsx').then((module) => ({ default: module.ScheduledCard })),
);
const LeaderboardCard = lazy(() =>
  import('../components/leaderboard-card.tsx').then(
    (module) => ({ default: module.LeaderboardCard }),
    () => ({ default: () => null }),
  ),
);

/**
 * The page every entrant sees. It runs without the app's query layer and router so it loads
 * fast on a phone (see docs/decisions/004-public-entry-page.md).
 */
export function ContestEntryPage({
  params,
  initialContest,
}: {
  params: { contestId: string };
  /** Given when the server rendered the page (and embedded the contest). */
  initialContest?: PublicContest;
}) {
  const { contestId } = params;
  const contestState = usePublicContest(contestId, initialContest);
  const { count: liveCount, refresh: refreshCount } = usePolledEntryCount(contestId);
  const enteredName = useEnteredName(contestId);
  const enteredEntryId = useEnteredEntryId(contestId);
  const enteredStatus = useEnteredStatus(contestId);
  const confirmationResent = useEnteredConfirmationResent(contestId);
  const enteredReferral = useEnteredReferral(contestId);
  const isHydrated = useIsHydrated();
  const status = contestState.status === 'success' ? statusAt(contestState.contest) : null;

  if (contestState.status === 'pending') {
    return (
      <PublicFrame>
        {/* Only a page the server did not render waits here: plain words, not the spinner's
            bytes in the first visit's script. */}
        <p role="status" className="py-24 text-center text-muted-foreground">
          Loading contest…
        </p>
      </PublicFrame>
    );
  }
  if (contestState.status === 'error') {
    const isMissing =
      contestState.error instanceof ApiError && contestState.error.code === 'NOT_FOUND';
    return (
      <PublicFrame>
        <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
          <h1 className="text-2xl font-extrabold">
            {isMissing ? 'Contest Not Found' : 'Could not load the contest'}
          </h1>
          <p className="mt-2 text-muted-foreground">
            {isMissing
              ? 'This contest may have ended or been removed.'
              : 'Check your connection and try again.'}
          </p>
          {isMissing ? null : (
            <Button className="mt-5" onClick={() => window.location.reload()}>
              Try again
            </Button>
          )}
        </div>
      </PublicFrame>
    );
  }

  const { contest } = contestState;
  // The first draw closes the contest to entries for good, whatever its end date says.
  const isDrawn = status === 'drawn';
  const isOpen = status === 'open';
  const isScheduled = status === 'scheduled' && contest.startDate !== null;
  const recordHref = contest.seedHash ? `/c/${encodeURIComponent(contest.id)}/draw` : null;
  const count = liveCount ?? contest.entryCount;
  const isFull = contest.maxEntries !== null && count >= contest.maxEntries;

  return (
    <PublicFrame brand={contest.brand}>
      <EntryCard contest={contest} isDrawn={isDrawn}>
        {contest.winners.length > 0 ? (
          <Suspense fallback={null}>
            <WinnersCard winners={contest.winners} />
          </Suspense>
        ) : null}
        {enteredName ? (
          <Suspense fallback={null}>
            <EnteredView
              contest={contest}
              name={enteredName}
              entryId={enteredEntryId}
              status={enteredStatus}
              confirmationResent={confirmationResent}
              referral={enteredReferral}
              isDrawn={isDrawn}
              recordHref={recordHref}
            />
          </Suspense>
        ) : isScheduled ? (
          <Suspense fallback={null}>
            <ScheduledCard startDate={contest.startDate!} timeZone={contest.timeZone} />
          </Suspense>
        ) : isOpen && isFull ? (
          <div className="rounded-2xl bg-muted p-6 text-center">
            <h2 className="text-xl font-extrabold">Contest Full</h2>
            <p className="mt-1 text-muted-foreground">
              Every place in this contest has been taken.
            </p>
          </div>
        ) : isOpen ? (
          <OpenEntry
            contest={contest}
            onEntered={(receipt) => {
              rememberEntry(receipt);
              refreshCount();
            }}
          />
        ) : (
          <div className="rounded-2xl bg-muted p-6 text-center">
            <h2 className="text-xl font-extrabold">Contest Ended</h2>
            <p className="mt-1 text-muted-foreground">
              {contest.isRedrawing
                ? `${redrawingSentence(contest.winnersCount)}: this contest takes no more entries.`
                : isDrawn
                  ? 'The winners have been drawn: this contest takes no more entries.'
                  : 'This contest is no longer accepting entries.'}
            </p>
          </div>
        )}
        {/* The owner may keep the count to themselves (docs/product.md#the-owners-brand). */}
        {contest.brand.showEntryCount ? (
          <p className="flex items-center justify-center gap-2 border-t border-border pt-4 text-sm">
            <Users aria-hidden className="size-4 text-primary" />
            <span>
              Current Entries: <strong className="tabular-nums">{formatCount(count)}</strong>
              {contest.maxEntries ? ` of ${formatCount(contest.maxEntries)} maximum` : ''}
            </span>
          </p>
        ) : null}
        {recordHref ? (
          <a
            href={recordHref}
            className="-mt-2 flex items-center gap-3 rounded-xl border border-violet-200 bg-primary-soft/60 px-4 py-3 text-left text-sm transition-colors hover:bg-primary-soft"
          >
            <ShieldCheck aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="grid min-w-0 flex-1">
              <span className="font-bold text-primary">Verifiable draw</span>
              <span className="text-foreground">
                {isDrawn
                  ? 'See the draw record — check it yourself'
                  : `How the ${contest.winnersCount === 1 ? 'winner is' : 'winners are'} drawn — check it yourself`}
              </span>
            </span>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-primary" />
          </a>
        ) : null}
      </EntryCard>
      {/* After hydration, below the contest: nothing the server rendered moves when it comes. */}
      {contest.showLeaderboard && isHydrated ? (
        <Suspense fallback={null}>
          <LeaderboardCard contestId={contest.id} className="mt-5" />
        </Suspense>
      ) : null}
    </PublicFrame>
  );
}
