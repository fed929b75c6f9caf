import {
  ArrowLeft,
  CircleAlert,
  CircleCheckBig,
  CircleX,
  Clock,
  Gift,
  House,
  ShieldCheck,
  Trophy,
} from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import {
  CLAIM_ACTION_FIELD,
  CLAIM_CHECKBOX_VALUE,
  claimFormFields,
  claimRefusals,
  type ClaimContest,
  type ClaimFormErrors,
  type ClaimFormValues,
  type ClaimPageAction,
  type ClaimPageView,
  type ClaimPlace,
  type ClaimRefusal,
} from '#shared/contracts/claim-page.ts';
import {
  CLAIM_PATH,
  CLAIM_TOKEN_FIELD,
  formatClaimDeadline,
  type PrizeDelivery,
} from '#shared/contracts/claims.ts';
import { ordinal } from '#shared/ordinal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, FieldMessage } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PublicFrame } from './public-frame.tsx';

/**
 * The hooks of public/claim-page.js, the page's one small script: the time left, live, and
 * Decline's question asked in place, without the round trip the page makes without it.
 */
export const CLAIM_PAGE_HOOKS = {
  deadline: 'data-claim-deadline',
  claimSection: 'data-claim-section',
  declineOpen: 'data-decline-open',
  declineStep: 'data-decline-step',
  declineCancel: 'data-decline-cancel',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "1d 4h left", "3h 12m left", "12m 5s left", "Time is up": what the countdown says (and
 * public/claim-page.js says the same each second). A claim window can be one minute long.
 */
export function claimTimeLeft(deadline: string, now: number): string {
  const left = new Date(deadline).getTime() - now;
  if (left <= 0) return 'Time is up';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
  if (left >= HOUR)
    return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m left`;
  if (left >= MINUTE) {
    return `${Math.floor(left / MINUTE)}m ${Math.floor((left % MINUTE) / 1000)}s left`;
  }
  return `${Math.floor(left / 1000)}s left`;
}

const recordHref = (contestId: string) => `/c/${encodeURIComponent(contestId)}/draw`;
const linkHref = (token: string) =>
  `${CLAIM_PATH}?${CLAIM_TOKEN_FIELD}=${encodeURIComponent(token)}`;

/** "You won 1st place!" when the contest has several winners; "You won!" when it has one. */
const wonHeading = (place: ClaimPlace) =>
  place.winnersCount > 1 ? `You won ${ordinal(place.position)} place!` : 'You won!';

/** The contest's title on the brand's band, as the confirmation page shows it. */
function ClaimCard({
  contest,
  lead = 'Your prize from',
  children,
}: {
  contest: ClaimContest | null;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <article className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      {contest && (
        <header className="bg-primary px-6 py-5 text-primary-foreground">
          <p className="text-sm font-semibold text-violet-100">{lead}</p>
          <p className="mt-1 break-words text-xl font-extrabold leading-tight sm:text-2xl">
            {contest.title}
          </p>
        </header>
      )}
      <div className="grid gap-6 p-6">{children}</div>
    </article>
  );
}

const contestOf = (place: ClaimPlace): ClaimContest => ({
  id: place.contestId,
  title: place.contestTitle,
});

/** The plain form every button of the page is: the token and what the button does. */
function ClaimPageForm({
  token,
  action,
  children,
  ...props
}: {
  token: string;
  action: ClaimPageAction;
  children: ReactNode;
} & Omit<ComponentProps<'form'>, 'action' | 'method'>) {
  return (
    <form method="post" action={CLAIM_PATH} {...props}>
      <input type="hidden" name={CLAIM_TOKEN_FIELD} value={token} />
      <input type="hidden" name={CLAIM_ACTION_FIELD} value={action} />
      {children}
    </form>
  );
}

function RecordLink({ contestId }: { contestId: string }) {
  return (
    <a
      href={recordHref(contestId)}
      className="tap-target inline-flex w-fit items-center gap-1.5 justify-self-center text-sm font-semibold text-primary hover:underline"
    >
      <ShieldCheck aria-hidden className="size-4" />
      See the public draw record
    </a>
  );
}

/** What the prize is, in the owner's words. */
function PrizeBox({ prize }: { prize: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-4">
      <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-semibold text-primary">Your prize</p>
        <p className="whitespace-pre-line break-words font-semibold">{prize}</p>
      </div>
    </div>
  );
}

/**
 * The deadline as an absolute time (the same as in the e-mail), and the time left: as of the
 * page's rendering, then live when the page's script runs.
 */
function DeadlineBox({ deadline, now }: { deadline: string; now: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-300 bg-accent-soft p-4 text-amber-950">
      <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid min-w-0 gap-1">
        <p className="text-sm">
          Claim by <strong className="font-bold">{formatClaimDeadline(deadline)}</strong>
        </p>
        <p
          role="timer"
          aria-live="off"
          className="text-lg font-extrabold tabular-nums"
          {...{ [CLAIM_PAGE_HOOKS.deadline]: deadline }}
        >
          {claimTimeLeft(deadline, new Date(now).getTime())}
        </p>
        <p className="text-xs">After it, the prize goes to the next entry drawn.</p>
      </div>
    </div>
  );
}

/** A box to tick, with its label beside it and a tap target the size of the whole row. */
function CheckboxField({
  id,
  name,
  label,
  hint,
  error,
  isChecked,
  isRequired = false,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  isChecked: boolean;
  isRequired?: boolean;
}) {
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={id}
        className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${error ? 'border-destructive' : 'border-input'}`}
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          value={CLAIM_CHECKBOX_VALUE}
          defaultChecked={isChecked}
          required={isRequired}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
        />
        <span className="font-medium leading-snug">{label}</span>
      </label>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

const emptyValues: ClaimFormValues = {
  fullName: '',
  deliveryAddress: '',
  eligible: false,
  publicityConsent: false,
};

/** Full name, the address for a shipped prize, eligibility, and whether to be announced. */
function ClaimForm({
  token,
  delivery,
  values = emptyValues,
  errors = {},
}: {
  token: string;
  delivery: PrizeDelivery;
  values?: ClaimFormValues;
  errors?: ClaimFormErrors;
}) {
  const hasErrors = Object.keys(errors).length > 0;
  return (
    // The page's own messages, beside the fields (as every form of the app): not the browser's.
    <ClaimPageForm token={token} action="accept" className="grid gap-5" noValidate>
      <h2 className="text-lg font-extrabold">Claim your prize</h2>
      {hasErrors ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors._ ?? 'Your claim was not sent: check the fields marked below.'}
        </p>
      ) : null}
      <Field label="Full name" id="claim-full-name" error={errors.fullName}>
        {(control) => (
          <Input
            {...control}
            name={claimFormFields.fullName}
            defaultValue={values.fullName}
            autoComplete="name"
            maxLength={100}
            required
          />
        )}
      </Field>
      {delivery === 'shipping' ? (
        <Field
          label="Delivery address"
          id="claim-delivery-address"
          error={errors.deliveryAddress}
          hint="Where the owner should send the prize: street, town, postcode and country."
        >
          {(control) => (
            <textarea
              {...control}
              name={claimFormFields.deliveryAddress}
              defaultValue={values.deliveryAddress}
              autoComplete="street-address"
              rows={4}
              maxLength={500}
              required
              className="min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground focus-visible:border-ring aria-invalid:border-destructive sm:text-sm"
            />
          )}
        </Field>
      ) : null}
      <CheckboxField
        id="claim-eligible"
        name={claimFormFields.eligible}
        label="I confirm I am eligible to win this prize under the contest's rules"
        error={errors.eligible}
        isChecked={values.eligible}
        isRequired
      />
      <CheckboxField
        id="claim-publicity"
        name={claimFormFields.publicityConsent}
        label="You may announce my name as a winner (optional)"
        hint="Leave it unticked and the owner will not announce your name."
        error={errors.publicityConsent}
        isChecked={values.publicityConsent}
      />
      <Button type="submit" size="lg">
        <CircleCheckBig aria-hidden />
        Accept the prize
      </Button>
    </ClaimPageForm>
  );
}

/**
 * "Decline the prize?": the question the page asks before the place is given up. Without the
 * page's script it is a page of its own, Cancel leading back to the link; with it, it takes the
 * claim form's place and Cancel brings the form back.
 */
function DeclineStep({ token, isInPage }: { token: string; isInPage: boolean }) {
  return (
    <section aria-labelledby={isInPage ? 'decline-step-heading' : undefined} className="grid gap-5">
      <div className="text-center">
        <CircleAlert aria-hidden className="mx-auto size-10 text-destructive" />
        {isInPage ? (
          <h2 id="decline-step-heading" tabIndex={-1} className="mt-3 text-2xl font-extrabold">
            Decline the prize?
          </h2>
        ) : (
          <h1 className="mt-3 text-2xl font-extrabold">Decline the prize?</h1>
        )}
        <p className="mt-2 text-muted-foreground">
          The prize goes to the next entry drawn, and this link stops working. You cannot change
          your mind afterwards.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <ClaimPageForm token={token} action="decline-confirmed" className="grid sm:order-2">
          <Button type="submit" variant="destructive" size="lg">
            <CircleX aria-hidden />
            Decline the prize
          </Button>
        </ClaimPageForm>
        {isInPage ? (
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="sm:order-1"
            {...{ [CLAIM_PAGE_HOOKS.declineCancel]: '' }}
          >
            Cancel
          </Button>
        ) : (
          <Button asChild variant="outline" size="lg" className="sm:order-1">
            <a href={linkHref(token)}>
              <ArrowLeft aria-hidden />
              Cancel
            </a>
          </Button>
        )}
      </div>
    </section>
  );
}

/** A genuine notice asks for nothing more, as the e-mail says. */
function SafetyNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      A genuine prize notice never asks you for money, card details or a password.
    </p>
  );
}

/** The place, the prize, the deadline, the claim form, and the way to decline. */
function PendingCard({ view }: { view: Extract<ClaimPageView, { kind: 'pending' }> }) {
  const { place, token } = view;
  return (
    <ClaimCard contest={contestOf(place)}>
      <div className="grid gap-6" {...{ [CLAIM_PAGE_HOOKS.claimSection]: '' }}>
        <div className="text-center">
          <Trophy aria-hidden className="mx-auto size-10 text-accent" />
          <h1 className="mt-3 text-2xl font-extrabold">{wonHeading(place)}</h1>
          <p className="mt-2 text-muted-foreground">
            Congratulations! Claim your prize before the time runs out.
          </p>
        </div>
        <PrizeBox prize={place.prizeDetails} />
        {place.deadline ? <DeadlineBox deadline={place.deadline} now={view.now} /> : null}
        <ClaimForm
          token={token}
          delivery={place.prizeDelivery}
          values={view.values}
          errors={view.errors}
        />
        <ClaimPageForm
          token={token}
          action="decline"
          className="grid gap-2 border-t border-border pt-5"
          {...{ [CLAIM_PAGE_HOOKS.declineOpen]: '' }}
        >
          <p className="text-center text-sm text-muted-foreground">
            Don&apos;t want the prize? Let it go to the next entry drawn.
          </p>
          <Button type="submit" variant="outline-destructive" size="lg">
            Decline the prize
          </Button>
        </ClaimPageForm>
      </div>
      <div hidden {...{ [CLAIM_PAGE_HOOKS.declineStep]: '' }}>
        <DeclineStep token={token} isInPage />
      </div>
      <RecordLink contestId={place.contestId} />
      <SafetyNote />
    </ClaimCard>
  );
}

/** What happens after the claim, by the way the prize travels. */
const nextSteps: Record<PrizeDelivery, string> = {
  shipping: 'The owner will send the prize to the address you gave.',
  digital: 'The owner will send you the prize by e-mail.',
  pickup: 'The owner will contact you by e-mail to arrange picking up the prize.',
};

function ClaimedCard({ view }: { view: Extract<ClaimPageView, { kind: 'claimed' }> }) {
  const { place, details } = view;
  return (
    <ClaimCard contest={contestOf(place)}>
      <div
        role="status"
        className="rounded-2xl border border-green-200 bg-success-soft p-6 text-center"
      >
        <CircleCheckBig aria-hidden className="mx-auto size-10 text-success" />
        <h1 className="mt-3 text-2xl font-extrabold text-green-900">Prize claimed</h1>
        <p className="mt-2 text-green-900">
          {details
            ? `Thank you, ${details.fullName}: the prize is yours.`
            : 'You have claimed this prize: it is yours.'}
        </p>
      </div>
      <PrizeBox prize={place.prizeDetails} />
      <section aria-labelledby="next-heading" className="grid gap-2">
        <h2 id="next-heading" className="text-lg font-extrabold">
          What happens next
        </h2>
        <p className="text-sm">
          {nextSteps[place.prizeDelivery]} The public draw record shows when it is on its way.
        </p>
        <p className="text-sm text-muted-foreground">
          A question? Reply to the e-mail that told you that you won: it goes to the owner.
        </p>
      </section>
      {details ? (
        <section aria-labelledby="details-heading" className="grid gap-2">
          <h2 id="details-heading" className="text-lg font-extrabold">
            What you gave
          </h2>
          <dl className="grid gap-2 rounded-xl border border-border p-4 text-sm">
            <div>
              <dt className="text-muted-foreground">Full name</dt>
              <dd className="break-words font-semibold">{details.fullName}</dd>
            </div>
            {details.deliveryAddress !== null ? (
              <div>
                <dt className="text-muted-foreground">Delivery address</dt>
                <dd className="whitespace-pre-line break-words font-semibold">
                  {details.deliveryAddress}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-muted-foreground">Your name announced as a winner</dt>
              <dd className="font-semibold">{details.publicityConsent ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

/** The winner's own decline, just done. */
function DeclinedCard({ place }: { place: ClaimPlace }) {
  return (
    <ClaimCard contest={contestOf(place)} lead="The prize from">
      <div role="status" className="text-center">
        <CircleX aria-hidden className="mx-auto size-10 text-muted-foreground" />
        <h1 className="mt-3 text-2xl font-extrabold">Prize declined</h1>
        <p className="mt-2 text-muted-foreground">
          You declined this prize. It goes to the next entry drawn, who is told by e-mail.
        </p>
      </div>
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

function NotRequiredCard({ place }: { place: ClaimPlace }) {
  return (
    <ClaimCard contest={contestOf(place)}>
      <div className="text-center">
        <Trophy aria-hidden className="mx-auto size-10 text-accent" />
        <h1 className="mt-3 text-2xl font-extrabold">{wonHeading(place)}</h1>
        <p className="mt-2 text-muted-foreground">
          There is nothing to claim here: the owner will contact you by e-mail about the prize.
        </p>
      </div>
      <PrizeBox prize={place.prizeDetails} />
      <RecordLink contestId={place.contestId} />
    </ClaimCard>
  );
}

const refusalTitles: Record<ClaimRefusal, string> = {
  expired: 'Too late to claim',
  declined: 'Prize declined',
  dead: 'This link has stopped working',
  unknown: 'This link cannot be used',
};

/** Why the link no longer claims, in the API's words, with the way to see who holds the place. */
function RefusalCard({
  refusal,
  contest,
}: {
  refusal: ClaimRefusal;
  contest: ClaimContest | null;
}) {
  const Icon = refusal === 'declined' ? CircleX : CircleAlert;
  return (
    <ClaimCard contest={contest} lead="The prize from">
      <div className="text-center">
        <Icon
          aria-hidden
          className={`mx-auto size-10 ${refusal === 'declined' ? 'text-muted-foreground' : 'text-accent'}`}
        />
        <h1 className="mt-3 text-2xl font-extrabold">{refusalTitles[refusal]}</h1>
        <p role="alert" className="mt-2 text-muted-foreground">
          {claimRefusals[refusal].message}
        </p>
      </div>
      {contest ? (
        <Button asChild size="lg">
          <a href={recordHref(contest.id)}>
            <ShieldCheck aria-hidden />
            See the public draw record
          </a>
        </Button>
      ) : (
        <Button asChild size="lg">
          <a href="/">
            <House aria-hidden />
            Go to the home page
          </a>
        </Button>
      )}
    </ClaimCard>
  );
}

/**
 * The claim link's page, /claim?token=… (docs/product.md#claims): the place and its deadline with
 * the claim form, Decline's question, the outcome, or why the link no longer claims. The server
 * renders it and never hydrates it (server/features/claims/claim-page-routes.ts): every button is
 * a plain form, and public/claim-page.js only adds the live countdown and the question in place.
 */
export function ClaimScreen({ view }: { view: ClaimPageView }) {
  return (
    <PublicFrame>
      {view.kind === 'pending' ? (
        <PendingCard view={view} />
      ) : view.kind === 'confirm-decline' ? (
        <ClaimCard contest={contestOf(view.place)}>
          <DeclineStep token={view.token} isInPage={false} />
        </ClaimCard>
      ) : view.kind === 'claimed' ? (
        <ClaimedCard view={view} />
      ) : view.kind === 'declined' ? (
        <DeclinedCard place={view.place} />
      ) : view.kind === 'not-required' ? (
        <NotRequiredCard place={view.place} />
      ) : (
        <RefusalCard refusal={view.refusal} contest={view.contest} />
      )}
    </PublicFrame>
  );
}
