import { Gift, Lock, Users } from 'lucide-react';
import { useState } from 'react';
import { acceptsEntries } from '#shared/contest-time.ts';
import { LogoMark } from '#web/components/layout/logo.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useEntryCount } from '#web/features/contests/api/get-entry-count.ts';
import { usePublicContest } from '../api/get-public-contest.ts';
import { Countdown } from '../components/countdown.tsx';
import { EnteredCard } from '../components/entered-card.tsx';
import { EntryForm } from '../components/entry-form.tsx';

const enteredKey = (contestId: string) => `prizewheel:entered:${contestId}`;

/** Remembers the entry on this device, so coming back to the link shows the confirmation. */
function readEnteredName(contestId: string): string | null {
  try {
    return localStorage.getItem(enteredKey(contestId));
  } catch {
    return null;
  }
}

function rememberEntry(contestId: string, name: string) {
  try {
    localStorage.setItem(enteredKey(contestId), name);
  } catch {
    // Private browsing may refuse storage; the confirmation still shows now.
  }
}

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

export function ContestEntryPage({ params }: { params: { contestId: string } }) {
  const { contestId } = params;
  const contestQuery = usePublicContest(contestId);
  const countQuery = useEntryCount(contestId);
  const [enteredName, setEnteredName] = useState(() => readEnteredName(contestId));

  if (contestQuery.isPending) {
    return (
      <PageFrame>
        <div className="flex justify-center py-24">
          <Spinner className="size-8" label="Loading contest" />
        </div>
      </PageFrame>
    );
  }
  const contest = contestQuery.data;
  if (!contest) {
    return (
      <PageFrame>
        <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
          <h1 className="text-2xl font-extrabold">Contest Not Found</h1>
          <p className="mt-2 text-muted-foreground">This contest may have ended or been removed.</p>
        </div>
      </PageFrame>
    );
  }

  const isOpen = acceptsEntries(contest);
  const count = countQuery.data?.count ?? contest.entryCount;

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
          ) : isOpen ? (
            <>
              <Countdown endDate={contest.endDate} />
              <EntryForm
                contestId={contest.id}
                onEntered={(name) => {
                  rememberEntry(contest.id, name);
                  setEnteredName(name);
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
              Current Entries: <strong className="tabular-nums">{count.toLocaleString()}</strong>
              {contest.maxEntries ? ` of ${contest.maxEntries.toLocaleString()} maximum` : ''}
            </span>
          </p>
        </div>
      </article>
    </PageFrame>
  );
}
