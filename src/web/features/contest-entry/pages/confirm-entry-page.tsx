import { ArrowLeft, CircleAlert, CircleCheckBig } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import type { EntryConfirmation } from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { useEntryConfirmation } from '../api/confirm-entry.ts';
import { PublicFrame } from '../components/public-frame.tsx';
import { rememberConfirmed } from '../lib/entry-memory.ts';

type Refusal = { title: string; message: string; canRetry: boolean };

/** Why the link did not confirm, in the server's words; only a lost answer is worth a retry. */
function describeRefusal(error: unknown): Refusal {
  const code = error instanceof ApiError ? error.code : undefined;
  const message = messageOf(error, 'Check your connection and try again.');
  switch (code) {
    case 'DEAD_LINK':
      return { title: 'This link cannot be used', message, canRetry: false };
    case 'CONTEST_FULL':
      return { title: 'Contest Full', message, canRetry: false };
    case 'CONTEST_ENDED':
      return { title: 'Contest Ended', message, canRetry: false };
    default:
      return { title: 'Could not confirm your entry', message, canRetry: true };
  }
}

function RefusalCard({ title, message, canRetry }: Refusal) {
  return (
    <PublicFrame>
      <div className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <CircleAlert aria-hidden className="mx-auto size-10 text-accent" />
        <h1 className="mt-3 text-2xl font-extrabold">{title}</h1>
        <p role="alert" className="mt-2 text-muted-foreground">
          {message}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {canRetry ? <Button onClick={() => window.location.reload()}>Try again</Button> : null}
          <Button asChild variant={canRetry ? 'outline' : 'primary'}>
            <Link href="/">Go to the home page</Link>
          </Button>
        </div>
      </div>
    </PublicFrame>
  );
}

function ConfirmedCard({ confirmation }: { confirmation: EntryConfirmation }) {
  return (
    <PublicFrame>
      <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
        <header className="bg-primary px-6 py-5 text-primary-foreground">
          <p className="text-sm font-semibold text-violet-100">Your entry to</p>
          <p className="mt-1 break-words text-xl font-extrabold leading-tight sm:text-2xl">
            {confirmation.contestTitle}
          </p>
        </header>
        <div className="grid gap-6 p-6">
          <div
            role="status"
            className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
          >
            <CircleCheckBig aria-hidden className="mx-auto size-10 text-success" />
            <h1 className="mt-3 text-2xl font-extrabold text-green-900">Entry confirmed!</h1>
            <p className="mt-2 whitespace-pre-line break-words text-green-900">
              {confirmation.confirmationMessage || "You're in the draw. Good luck!"}
            </p>
          </div>
          {/* A full page load: the entry page has its own small root (src/web/main.tsx). */}
          <Button asChild size="lg">
            <a href={`/c/${encodeURIComponent(confirmation.contestId)}`}>
              <ArrowLeft aria-hidden />
              Back to the contest
            </a>
          </Button>
        </div>
      </article>
    </PublicFrame>
  );
}

/**
 * /entries/confirm?token=…: where the double opt-in e-mail's link lands. Opening it confirms the
 * entry; this device's entry page then stops asking the entrant to check their inbox.
 */
export function ConfirmEntryPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const state = useEntryConfirmation(token);
  const confirmation = state.status === 'success' ? state.confirmation : null;

  useEffect(() => {
    if (confirmation) rememberConfirmed(confirmation.contestId, confirmation.entry.id);
  }, [confirmation]);

  if (state.status === 'error') return <RefusalCard {...describeRefusal(state.error)} />;
  if (!confirmation) {
    return (
      <PublicFrame>
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-10 text-center shadow-sm">
          <Spinner className="size-8" label="Confirming your entry" />
          <p aria-hidden className="text-muted-foreground">
            Confirming your entry...
          </p>
        </div>
      </PublicFrame>
    );
  }
  return <ConfirmedCard confirmation={confirmation} />;
}
