import { ArrowLeft, CircleAlert, CircleCheckBig, CircleX, Trophy } from 'lucide-react';
import {
  CLAIM_CHECKBOX_VALUE,
  claimFormFields,
  type ClaimFormErrors,
  type ClaimFormValues,
  type ClaimPageView,
} from '#shared/contracts/claim-page.ts';
import { CLAIM_PATH, CLAIM_TOKEN_FIELD, type PrizeDelivery } from '#shared/contracts/claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, FieldMessage } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { DeadlineBox } from './claim-deadline.tsx';
import {
  CLAIM_PAGE_HOOKS,
  ClaimCard,
  ClaimPageForm,
  contestOf,
  PrizeBox,
  RecordLink,
  wonHeading,
} from './claim-parts.tsx';

const linkHref = (token: string) =>
  `${CLAIM_PATH}?${CLAIM_TOKEN_FIELD}=${encodeURIComponent(token)}`;

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
export function DeclineStep({ token, isInPage }: { token: string; isInPage: boolean }) {
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
export function PendingCard({ view }: { view: Extract<ClaimPageView, { kind: 'pending' }> }) {
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
        {place.deadline ? (
          <DeadlineBox deadline={place.deadline} timeZone={place.timeZone} now={view.now} />
        ) : null}
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
