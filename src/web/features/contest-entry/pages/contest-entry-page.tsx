import { Gift, Lock, Users } from 'lucide-react';
import { acceptsEntries } from '#shared/contest-time.ts';
import type { PublicContest } from '#shared/contracts/contests.ts';
import { LogoMark } from '#web/components/layout/logo-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { usePolledEntryCount } from '../api/get-entry-count.ts';
import { usePublicContest } from '../api/get-public-contest.ts';
import { Countdown } from '../components/countdown.tsx';
import { EnteredCard } from '../components/entered-card.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { rememberEntry, useEnteredName } from '../lib/entry-memory.ts';

/** One fixed format, so the server's rendering and the browser's agree. */
const formatCount = (value: number) => value.toLocaleString('en-US');

function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-primary-soft to-background px-4 py-6 sm:py-12">
      <main className="mx-auto w-full max-w-lg">{children}</main>
      <footer className="mt-8 flex items-center justify-center gap-2 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        Powered by Prizewheel
      </footer>
    </div>
  );
}

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

  if (contestState.status === 'pending') {
    return (
      <PageFrame>
        <div className="flex justify-center py-24">
          <Spinner className="size-8" label="Loading contest" />
        </div>
      </PageFrame>
    );
  }
  if (contestState.status === 'error') {
    const isMissing =
      contestState.error instanceof ApiError && contestState.error.code === 'NOT_FOUND';
    return (
      <PageFrame>
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
      </PageFrame>
    );
  }

  const { contest } = contestState;
  const isOpen = acceptsEntries(contest);
  const count = liveCount ?? contest.entryCount;
  const isFull = contest.maxEntries !== null && count >= contest.maxEntries;

  return (
    <PageFrame>
      <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
        <header className="bg-primary px-6 py-6 text-primary-foreground">
          <h1 className="text-2xl font-extrabold leading-tight sm:text-3xl">{contest.title}</h1>
          <p className="mt-3 flex items-start gap-2 font-semibold text-violet-100">
            <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              {contest.prizeDetails}
              {contest.prizeValue ? ` (${contest.prizeValue})` : ''}
            </span>
          </p>
        </header>
        <div className="grid gap-6 p-6">
          <p className="whitespace-pre-line text-foreground">{contest.description}</p>
          {enteredName ? (
            <EnteredCard
              name={enteredName}
              confirmationMessage={contest.confirmationMessage}
              endDate={contest.endDate}
            />
          ) : isOpen && isFull ? (
            <div className="rounded-2xl bg-muted p-6 text-center">
              <h2 className="text-xl font-extrabold">Contest Full</h2>
              <p className="mt-1 text-muted-foreground">
                Every place in this contest has been taken.
              </p>
            </div>
          ) : isOpen ? (
            <>
              <Countdown endDate={contest.endDate} />
              <EntryForm
                contestId={contest.id}
                onEntered={(name) => {
                  rememberEntry(contest.id, name);
                  refreshCount();
                }}
              />
              <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
                <Lock aria-hidden className="size-3.5" />
                One entry per email • Information secure &amp; never shared
              </p>
            </>
          ) : (
            <div className="rounded-2xl bg-muted p-6 text-center">
              <h2 className="text-xl font-extrabold">Contest Ended</h2>
              <p className="mt-1 text-muted-foreground">
                This contest is no longer accepting entries.
              </p>
            </div>
          )}
          <p className="flex items-center justify-center gap-2 border-t border-border pt-4 text-sm">
            <Users aria-hidden className="size-4 text-primary" />
            <span>
              Current Entries: <strong className="tabular-nums">{formatCount(count)}</strong>
              {contest.maxEntries ? ` of ${formatCount(contest.maxEntries)} maximum` : ''}
            </span>
          </p>
        </div>
      </article>
    </PageFrame>
  );
}
