import { MailCheck, PartyPopper } from 'lucide-react';
import { ENTRY_CONFIRMATION_TTL_MS } from '#shared/constants.ts';
import { formatContestDate } from '#shared/contest-date.ts';
import { entryFormMessages, type EntryStatus } from '#shared/contracts/entries.ts';
import { cn } from '#web/lib/cn.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Green once the entry counts; the brand's violet while it waits for the entrant's click. */
export const tones = {
  confirmed: {
    card: 'border-green-200 bg-success-soft',
    border: 'border-green-200',
    strong: 'text-green-900',
    soft: 'text-green-800',
  },
  pending: {
    card: 'border-violet-200 bg-primary-soft',
    border: 'border-violet-200',
    strong: 'text-violet-950',
    soft: 'text-violet-900',
  },
} satisfies Record<EntryStatus, Record<string, string>>;
export type Tone = (typeof tones)[EntryStatus];

/** The confirmation an entrant sees, and sees again when they come back to the link. */
export function EnteredCard({
  name,
  status,
  confirmationResent = false,
  confirmationMessage,
  endDate,
  timeZone,
  winnersCount,
  isDrawn,
}: {
  name: string;
  /** Pending: the entry counts once its entrant confirms through the link we e-mailed them. */
  status: EntryStatus;
  /** A pending entry entered again: a new link went out and the first one no longer works. */
  confirmationResent?: boolean;
  confirmationMessage: string | null;
  endDate: string;
  /** The contest's zone: the date reads the same on the server's page and in every browser. */
  timeZone: string;
  winnersCount: number;
  /** The first draw has taken place: the winners are on the page. */
  isDrawn: boolean;
}) {
  const tone = tones[status];
  // The server renders this card too (an entry made without JavaScript), in no reader's zone.
  return (
    <div role="status" className={cn('rounded-2xl border p-6 text-center', tone.card)}>
      {status === 'pending' ? (
        <>
          <MailCheck aria-hidden className="mx-auto size-10 text-primary" />
          <h2 className={cn('mt-3 text-2xl font-extrabold leading-tight', tone.strong)}>
            Check your inbox to confirm your entry
          </h2>
          {confirmationResent ? (
            <>
              <p className={cn('mt-2', tone.strong)}>{entryFormMessages.confirmationResent}</p>
              <p className={cn('mt-2', tone.strong)}>
                Your entry counts once you open the new link and press &ldquo;Confirm my
                entry&rdquo;; it expires in {ENTRY_CONFIRMATION_TTL_MS / HOUR_MS} hours.
              </p>
            </>
          ) : (
            <p className={cn('mt-2', tone.strong)}>
              Thanks {name}! We&apos;ve sent you a confirmation link. Your entry counts once you
              open it and press &ldquo;Confirm my entry&rdquo;; the link expires in{' '}
              {ENTRY_CONFIRMATION_TTL_MS / HOUR_MS} hours.
            </p>
          )}
          <p className={cn('mt-2 text-sm', tone.soft)}>
            Nothing there? Look in your spam or promotions folder.
          </p>
        </>
      ) : (
        <>
          <PartyPopper aria-hidden className="mx-auto size-10 text-success" />
          <h2 className={cn('mt-3 text-2xl font-extrabold', tone.strong)}>You&apos;re In!</h2>
          <p className={cn('mt-2 whitespace-pre-line', tone.strong)}>
            {confirmationMessage || `Thanks ${name}! Your entry has been confirmed.`}
          </p>
        </>
      )}
      <p className={cn('mt-4 text-sm', tone.soft)}>
        {isDrawn ? (
          'The draw has taken place.'
        ) : (
          <>
            {winnersCount === 1 ? 'Winner' : 'Winners'} will be chosen on{' '}
            <strong>{formatContestDate(endDate, timeZone)}</strong>
          </>
        )}
      </p>
    </div>
  );
}
