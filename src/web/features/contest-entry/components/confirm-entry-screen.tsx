import { ArrowLeft, CircleAlert, CircleCheckBig, House, MailCheck, UserPlus } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import type { ContestBrand } from '#shared/contracts/brand.ts';
import type { EntryConfirmation } from '#shared/contracts/entries.ts';
import {
  CONFIRM_BUTTON_LABEL,
  CONFIRM_ENTRY_PATH,
  CONFIRM_TOKEN_FIELD,
  confirmRefusals,
  type ConfirmContest,
  type ConfirmEntryView,
  type ConfirmRefusal,
} from '#shared/contracts/entry-confirmation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { referralShareText } from '../lib/referral-words.ts';
import { CallToActionButton } from './call-to-action.tsx';
import { tones } from './entered-card.tsx';
import { EntryReceipt } from './entry-receipt.tsx';
import { PublicFrame } from './public-frame.tsx';
import { ShareLink } from './share-link.tsx';

const contestHref = (contestId: string) => `/c/${encodeURIComponent(contestId)}`;

/** The contest's title on the brand's band, above what the page says about the entry. */
function EntryCard({ contest, children }: { contest: ConfirmContest | null; children: ReactNode }) {
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {contest && (
        <header className="bg-primary px-6 py-5 text-primary-foreground">
          <p className="text-sm font-semibold text-violet-100">Your entry to</p>
          <p className="mt-1 break-words text-xl font-extrabold leading-tight sm:text-2xl">
            {contest.title}
          </p>
        </header>
      )}
      <div className="grid gap-6 p-6">{children}</div>
    </article>
  );
}

/** The way on, as a full page load: the entry page has its own small root (src/web/main.tsx). */
function NextStep({ href, label, home = false }: { href: string; label: string; home?: boolean }) {
  return (
    <Button asChild size="lg">
      <a href={href}>
        {home ? <House aria-hidden /> : <ArrowLeft aria-hidden />}
        {label}
      </a>
    </Button>
  );
}

export type AskProps = {
  token: string;
  contest: ConfirmContest | null;
  /** The script's own submit; without it the form posts itself (the server's page). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  isSending?: boolean;
  failure?: string | null;
};

/**
 * Opening the link shows this and changes nothing: only the button confirms, with a plain form
 * that works without JavaScript (mail scanners open links, and may run their scripts).
 */
function AskCard({ token, contest, onSubmit, isSending = false, failure = null }: AskProps) {
  return (
    <EntryCard contest={contest}>
      <div className="text-center">
        <MailCheck aria-hidden className="mx-auto size-10 text-primary" />
        <h1 className="mt-3 text-2xl font-extrabold">Confirm your entry</h1>
        <p className="mt-2 text-muted-foreground">
          One last step: press the button to confirm your e-mail address. Your entry counts, and
          goes into the draw, once it is confirmed.
        </p>
      </div>
      {failure && (
        <p role="alert" className="text-center text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <form method="post" action={CONFIRM_ENTRY_PATH} onSubmit={onSubmit} className="grid">
        <input type="hidden" name={CONFIRM_TOKEN_FIELD} value={token} />
        <Button type="submit" size="lg" disabled={isSending}>
          {isSending ? (
            <Spinner className="size-5 text-primary-foreground" label="Confirming your entry" />
          ) : (
            <CircleCheckBig aria-hidden />
          )}
          {CONFIRM_BUTTON_LABEL}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Did not enter this contest? Close this page: nothing is confirmed unless you press the
        button.
      </p>
    </EntryCard>
  );
}

const refusalTitles: Record<ConfirmRefusal, string> = {
  invalid: 'This link cannot be used',
  used: 'Already confirmed',
  expired: 'This link has expired',
  ended: 'Contest Ended',
  full: 'Contest Full',
};

/** Where to go from each refusal: the contest's page when the link was known, else home. */
const nextStepLabels: Record<ConfirmRefusal, string> = {
  invalid: 'Go to the contest',
  used: 'Go to the contest',
  expired: 'Enter the contest again',
  ended: 'See the contest',
  full: 'Back to the contest',
};

/** Why the link does not confirm, in the API's words, and the way on, in place of the button. */
function RefusalCard({
  refusal,
  contest,
}: {
  refusal: ConfirmRefusal;
  contest: ConfirmContest | null;
}) {
  // A used link is good news: the entry is confirmed.
  const isConfirmed = refusal === 'used';
  const Icon = isConfirmed ? CircleCheckBig : CircleAlert;
  return (
    <EntryCard contest={contest}>
      <div className="text-center">
        <Icon
          aria-hidden
          className={`mx-auto size-10 ${isConfirmed ? 'text-success' : 'text-accent'}`}
        />
        <h1 className="mt-3 text-2xl font-extrabold">{refusalTitles[refusal]}</h1>
        <p role="alert" className="mt-2 text-muted-foreground">
          {confirmRefusals[refusal].message}
        </p>
      </div>
      {contest ? (
        <NextStep href={contestHref(contest.id)} label={nextStepLabels[refusal]} />
      ) : (
        <NextStep href="/" label="Go to the home page" home />
      )}
    </EntryCard>
  );
}

/**
 * The entrant's moment: confirmed, with their personal link to share right there (above the
 * folded receipt), on the page the server sends without the app's script (public/share-link.js
 * gives Copy and Share their work; WhatsApp and e-mail are plain links).
 */
function ConfirmedCard({
  confirmation,
  brand,
}: {
  confirmation: EntryConfirmation;
  brand?: ContestBrand | null;
}) {
  const { referral } = confirmation.entry;
  return (
    <EntryCard contest={{ id: confirmation.contestId, title: confirmation.contestTitle }}>
      <div
        role="status"
        className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
      >
        <CircleCheckBig aria-hidden className="mx-auto size-10 text-success" />
        <h1 className="mt-3 text-2xl font-extrabold text-green-900">You&apos;re confirmed!</h1>
        <p className="mt-2 whitespace-pre-line break-words text-green-900">
          {confirmation.confirmationMessage || "You're in the draw. Good luck!"}
        </p>
      </div>
      {brand?.callToAction ? <CallToActionButton callToAction={brand.callToAction} /> : null}
      {referral ? (
        <section aria-labelledby="share-heading" className="grid gap-3">
          <h2 id="share-heading" className="flex items-center gap-2 text-xl font-extrabold">
            <UserPlus aria-hidden className="size-5 shrink-0 text-primary" />
            Get more entries
          </h2>
          <p className="text-sm">
            Share your personal link: each friend who enters through it and confirms their entry
            gives you bonus entries.
          </p>
          <ShareLink
            url={referral.url}
            shareTitle={confirmation.contestTitle}
            shareText={referralShareText(confirmation.contestTitle)}
          />
        </section>
      ) : null}
      <EntryReceipt entryId={confirmation.entry.id} recordHref={null} tone={tones.confirmed} />
      <NextStep href={contestHref(confirmation.contestId)} label="Back to the contest" />
    </EntryCard>
  );
}

/**
 * The page of a double opt-in link, /entries/confirm: the button (opening the link confirms
 * nothing), why the link cannot confirm, or the confirmed entry. The server renders it without
 * any script (server/features/entries/confirmation/confirm-page-routes.ts); the app renders the same for a visit inside it
 * (pages/confirm-entry-page.tsx).
 */
export function ConfirmEntryScreen({
  view,
  brand,
  ...ask
}: {
  view: ConfirmEntryView;
  /** The contest's brand, when the link names a contest (the server's page reads it). */
  brand?: ContestBrand | null;
} & Omit<AskProps, 'token' | 'contest'>) {
  return (
    <PublicFrame brand={brand}>
      {view.kind === 'ask' ? (
        <AskCard token={view.token} contest={view.contest} {...ask} />
      ) : view.kind === 'refused' ? (
        <RefusalCard refusal={view.refusal} contest={view.contest} />
      ) : (
        <ConfirmedCard confirmation={view.confirmation} brand={brand} />
      )}
    </PublicFrame>
  );
}
